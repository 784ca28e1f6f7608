// Load: routes are made of names that contributors choose (file and folder names, a doc's `slug`, a
// category's `link.slug`, the docs path of site.yml). A route is also a path in the output folder,
// so a name must never step out of it ("..") or onto another page ("."), and a route must be a
// valid URL path that leads to its own file ("a#b.md" is the URL /docs/a%23b/, the file docs/a#b/).

/**
 * The segments of a path an author wrote, with duplicate slashes collapsed; or, when it cannot be a
 * route, the problem (a sentence without its subject, to follow "The slug "…"").
 */
export function routeSegments(path: string): { segments: string[] } | { problem: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return { problem: 'contains a control character' };
  if (path.includes('\\')) return { problem: 'contains a backslash; routes separate their parts with "/"' };
  const segments = path.split('/').filter(Boolean);
  const dots = segments.find((segment) => segment === '.' || segment === '..');
  if (dots !== undefined) {
    return { problem: `contains a "${dots}" part; a route names its own place under the docs path and cannot point into or above another folder` };
  }
  return { segments };
}

/** A name the URL parser leaves as it is in a path: only ASCII letters, digits and "-", "_", ".", "~". */
const UNRESERVED = /^[A-Za-z0-9._~-]*$/;

const HEX = (char: string) => [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * One name as a URL path segment, encoded exactly as the URL parser encodes a link to it (so the
 * link check matches an author's link "/docs/a b/" with the page of "a b.md"): "%", "#", "?" and "\"
 * are escaped first (the parser would read them as an escape, a fragment, a query, a "/"), then the
 * parser escapes spaces, quotes, non-ASCII letters and the like. Names are never "." or "..".
 */
export function encodeSegment(name: string): string {
  if (name === '.' || name === '..') throw new Error(`Internal error: "${name}" is not a route segment.`);
  // Letters, digits and "-", "_", ".", "~" are never escaped: most names are only those, and a URL
  // made for each segment cost ~2 µs (0.1 s of a 10,000-page build's load).
  if (UNRESERVED.test(name)) return name;
  const escaped = name.replace(/[%#?\\/]/g, HEX);
  // As a path from the root: a name like "c:" is not read as a scheme.
  return new URL(`/${escaped}`, 'http://site').pathname.slice(1);
}

/**
 * The file of a route in the output folder: "/docs/a%23b/" + "index.html" → "docs/a#b/index.html".
 * A flat string of its own, since pages and twins keep their path from assemble until they are
 * written: joined, where a template literal would make a concatenation pointing into the route
 * (flattened by a JSON round trip before, ~1 µs a file). A route without "%" has nothing to decode.
 */
export function routeFile(route: string, name: string): string {
  const folder = route.slice(1);
  return [route.includes('%') ? decodeURIComponent(folder) : folder, name].join('');
}
