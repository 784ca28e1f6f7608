// Transform: where a link written in a page's markdown goes, read the same way by the page
// (lib/transform/markdown.ts) and by its markdown twin (lib/transform/twin.ts): the page itself, a
// route of the site, or a markdown file that is no doc.
import { dirname, join, resolve } from 'node:path';

/** What links to docs are resolved with. */
export interface DocLinks {
  /** Route of the doc at an absolute markdown file path, if that file is a doc. */
  resolveDocFile(absPath: string): string | undefined;
  /**
   * The docs folder. As in Docusaurus, a `.md`/`.mdx` link that is not "./" or "../" is also looked
   * for from there and from the folder above it ("/guides/setup.md", "guides/setup.md",
   * "/docs/guides/setup.md"). Without it, such links are relative to the page only.
   */
  docsDir?: string | undefined;
  /** Whether a route is a doc's: a last segment with a dot ("abstract.Module") is then that page, not a file. */
  isDocRoute?(route: string): boolean;
}

export type LinkTarget =
  /** "#anchor" or "?query#anchor" on the page itself. */
  | { kind: 'same-page'; hash: string | undefined }
  /** A route ("/docs/changes/"), or a file such as "/openapi.yaml"; `suffix` is the query and hash as written. */
  | { kind: 'route'; route: string; hash: string | undefined; suffix: string }
  /** A link to a .md or .mdx file that is not a doc (or does not exist). */
  | { kind: 'not-a-doc'; absPath: string };

/** A site-internal href (not "https:", "mailto:" …) of the page at `page.route`, whose source is `page.absPath`. */
export function linkTarget(href: string, page: { absPath: string; route: string }, docs: DocLinks): LinkTarget {
  const hashIndex = href.indexOf('#');
  const hash = hashIndex >= 0 ? href.slice(hashIndex + 1) : undefined;
  const beforeHash = hashIndex >= 0 ? href.slice(0, hashIndex) : href;
  const queryIndex = beforeHash.indexOf('?');
  const path = queryIndex >= 0 ? beforeHash.slice(0, queryIndex) : beforeHash;
  const query = queryIndex >= 0 ? beforeHash.slice(queryIndex) : '';
  const suffix = `${query}${hash !== undefined ? `#${hash}` : ''}`;
  if (path === '') return { kind: 'same-page', hash: hash || undefined };
  if (path.endsWith('.md') || path.endsWith('.mdx')) {
    const candidates = docFileCandidates(decodePath(path), page.absPath, docs.docsDir);
    for (const absPath of candidates) {
      const route = docs.resolveDocFile(absPath);
      if (route) return { kind: 'route', route, hash: hash || undefined, suffix };
    }
    return { kind: 'not-a-doc', absPath: candidates[0] ?? resolve(dirname(page.absPath), decodePath(path)) };
  }
  let route = new URL(path, `http://site${page.route}`).pathname;
  // Every route ends with a slash. A last segment with an extension is a file ("/openapi.yaml"),
  // unless a doc has that route: generated API docs name pages like "abstract.Module".
  if (!route.endsWith('/') && (!/\.[a-z0-9]+$/i.test(route) || docs.isDocRoute?.(`${route}/`))) route += '/';
  return { kind: 'route', route, hash: hash || undefined, suffix };
}

/**
 * Where a link to a markdown file may point, in Docusaurus's order: "./" and "../" beside the page
 * only; "/x.md" from the docs folder, then the folder above it; any other path beside the page
 * first, then from those two folders.
 */
function docFileCandidates(path: string, pageFile: string, docsDir: string | undefined): string[] {
  const beside = resolve(dirname(pageFile), path);
  if (path.startsWith('./') || path.startsWith('../')) return [beside];
  // Only a doc's own file gives a route (resolveDocFile), so whatever the path, no other file is read.
  const fromDocs = docsDir === undefined ? [] : [join(docsDir, path), join(dirname(docsDir), path)];
  return path.startsWith('/') ? fromDocs : [beside, ...fromDocs];
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
