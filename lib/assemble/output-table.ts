// Assemble, the output table: every route and file the site will have, its pages and its other
// files in a list each. The link check reads the routes of both, the render stage the pages, the
// write stage the files; nothing else lists what the site holds. Only the assets (bundles, images,
// search index files, named by their content once made) are added by the assets stage. Two lists,
// not one to be split by kind: splitting read every entry, on each save of `npm start` (~0.2 µs
// an entry on a large site, most of it waiting on memory).
import type { ReactElement } from 'react';

/** A page: rendered from a template with the site-wide context. */
export interface PageOutput {
  /** What a link names ("/docs/intro/", "/404.html"). */
  route: string;
  /** Where it is written, inside the output folder ("docs/intro/index.html"). */
  path: string;
  element: () => ReactElement;
  /** A digest of everything the page's template reads besides the site-wide context: equal keys, equal pages. */
  key: () => string;
  /**
   * Where the key is made from one object and a text that every such page of the build shares (a
   * doc page's: its doc, and the site stamp, PageData.docKey), the object and the text: while both
   * are the same, so is the key, known without making it (`npm start`, lib/runtime/rendered-pages.ts).
   */
  readonly keyObject?: object;
  keyShared?: () => string;
}

/**
 * Any other file. Its content is made when it is written: the markdown twins one at a time, and
 * /llms-full.txt in parts (a large site never holds all of them at once as one string).
 */
export interface FileOutput {
  route: string;
  path: string;
  content: () => string | Uint8Array | Iterable<string>;
  /**
   * A digest of the content, when one is known without making it (`npm start`'s markdown twins
   * and /llms-full.txt, lib/assemble/llms.ts): equal versions, equal bytes. A file object kept from
   * one build to the next (with its twins' part) keeps its path and its version: `npm start`'s write
   * stage keeps its entry while it is the same object (lib/runtime/cached.ts).
   */
  version?: (() => string) | undefined;
}

export interface OutputTable {
  pages: PageOutput[];
  files: FileOutput[];
}

/** A file at `path`, whose route is its path. */
export function fileOutput(path: string, content: FileOutput['content'], version?: FileOutput['version']): FileOutput {
  return { route: `/${path}`, path, content, ...(version ? { version } : {}) };
}
