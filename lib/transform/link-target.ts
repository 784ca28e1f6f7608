// Transform: where a link written in a page's markdown goes, read the same way by the page
// (lib/transform/markdown.ts) and by its markdown twin (lib/transform/twin.ts): the page itself, a
// route of the site, or a markdown file that is no doc.
import { dirname, resolve } from 'node:path';

export type LinkTarget =
  /** "#anchor" or "?query#anchor" on the page itself. */
  | { kind: 'same-page'; hash: string | undefined }
  /** A route ("/docs/changes/"), or a file such as "/openapi.yaml"; `suffix` is the query and hash as written. */
  | { kind: 'route'; route: string; hash: string | undefined; suffix: string }
  /** A link to a .md or .mdx file that is not a doc (or does not exist). */
  | { kind: 'not-a-doc'; absPath: string };

/** A site-internal href (not "https:", "mailto:" …) of the page at `page.route`, whose source is `page.absPath`. */
export function linkTarget(href: string, page: { absPath: string; route: string }, resolveDocFile: (absPath: string) => string | undefined): LinkTarget {
  const hashIndex = href.indexOf('#');
  const hash = hashIndex >= 0 ? href.slice(hashIndex + 1) : undefined;
  const beforeHash = hashIndex >= 0 ? href.slice(0, hashIndex) : href;
  const queryIndex = beforeHash.indexOf('?');
  const path = queryIndex >= 0 ? beforeHash.slice(0, queryIndex) : beforeHash;
  const query = queryIndex >= 0 ? beforeHash.slice(queryIndex) : '';
  const suffix = `${query}${hash !== undefined ? `#${hash}` : ''}`;
  if (path === '') return { kind: 'same-page', hash: hash || undefined };
  if (path.endsWith('.md') || path.endsWith('.mdx')) {
    const absPath = resolve(dirname(page.absPath), decodePath(path));
    const route = resolveDocFile(absPath);
    return route ? { kind: 'route', route, hash: hash || undefined, suffix } : { kind: 'not-a-doc', absPath };
  }
  let route = new URL(path, `http://site${page.route}`).pathname;
  // Every route ends with a slash; a path with a file extension is a file and stays as it is.
  if (!route.endsWith('/') && !/\.[a-z0-9]+$/i.test(route)) route += '/';
  return { kind: 'route', route, hash: hash || undefined, suffix };
}

/** A link path with its %-escapes decoded; a malformed escape ("a%zz.png") stays as written, so the file is reported missing. */
export function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** An address with a scheme ("https:", "mailto:" …): another site, left as written. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}
