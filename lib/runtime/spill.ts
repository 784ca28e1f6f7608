// Runtime: the texts a production build makes or reads early but needs only later, one page at a
// time (each doc's markdown body, read in load, and its HTML, made in transform), kept in a
// temporary file instead of memory. Held in memory, they grow with the site (about 10 KB a doc:
// 100 MB at 10,000 docs, 1 GB at 100,000); spilled, a doc keeps only where its texts are, and
// reading one back when its page is rendered or its twin written costs a read from the page cache.
// `npm start` keeps them in memory (lib/runtime/cached.ts): its cache reuses them between builds.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DocPage } from '../model.ts';

/** Where a text is in a spill file: plain numbers, so a reference crosses to another thread. */
export interface SpilledText {
  offset: number;
  /** In bytes of UTF-8. */
  length: number;
}

/** Keeps a text and gives it back on each call. */
export type KeepText = (text: string) => () => string;

export class SpillFile {
  private readonly fd: number;
  private size = 0;

  private constructor(readonly path: string, writable: boolean, private readonly folder?: string) {
    this.fd = openSync(path, writable ? 'w+' : 'r');
  }

  /** A new spill file in a folder of its own under the system's temporary folder. */
  static create(): SpillFile {
    const folder = mkdtempSync(join(tmpdir(), 'pagewright-spill-'));
    return new SpillFile(join(folder, 'texts'), true, folder);
  }

  /**
   * A spill file in another's folder (`besides`): the helper thread's own, or another thread's,
   * to read what it spilled. The folder's maker removes it, whatever the other threads do.
   */
  static at(path: string, writable: boolean): SpillFile {
    return new SpillFile(path, writable);
  }

  /** The path of another spill file in this one's folder (see `at`). */
  besides(name: string): string {
    return join(dirname(this.path), name);
  }

  put(text: string): SpilledText {
    const offset = this.size;
    const length = writeSync(this.fd, text, offset, 'utf8');
    this.size += length;
    return { offset, length };
  }

  get({ offset, length }: SpilledText): string {
    const bytes = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) read += readSync(this.fd, bytes, read, length - read, offset + read);
    return bytes.toString('utf8');
  }

  /** Keeps `text` in the file; the function reads it back. */
  readonly keep: KeepText = (text) => {
    const ref = this.put(text);
    return () => this.get(ref);
  };

  /** Closes the file and removes it (with its folder, when this thread made it). */
  close(): void {
    closeSync(this.fd);
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
  }
}

/** Replaces `object[key]` with a property that reads its value back from where `keep` put it. */
export function spillField<T extends object, K extends keyof T & string>(object: T, key: K, read: () => T[K]): T {
  Object.defineProperty(object, key, { get: read, enumerable: true, configurable: true });
  return object;
}

/**
 * A transformed doc as a production build keeps it until its page is written: its HTML read by
 * `html`, its table of contents (read at render), links and anchors (read by the link check) in the
 * spill file, and the rest (title, description, tags, route…) copied out of the texts it was cut from.
 */
/** The fields of a doc cut from its texts that it keeps (its source's are made its own in load). */
const KEPT_FIELDS = ['id', 'route', 'title', 'sidebarLabel', 'description', 'keywords', 'tags', 'operations', 'changes', 'samples', 'image'] as const satisfies readonly (keyof DocPage)[];

export function spilledDoc(doc: DocPage, keep: KeepText, html: () => string): DocPage {
  const toc = keep(JSON.stringify(doc.toc));
  const links = keep(JSON.stringify(doc.links));
  const anchors = keep(JSON.stringify(doc.anchors));
  for (const key of KEPT_FIELDS) (doc as unknown as Record<string, unknown>)[key] = ownStrings(doc[key]);
  spillField(doc, 'html', html);
  spillField(doc, 'toc', () => JSON.parse(toc()) as DocPage['toc']);
  spillField(doc, 'links', () => JSON.parse(links()) as DocPage['links']);
  spillField(doc, 'anchors', () => JSON.parse(anchors()) as DocPage['anchors']);
  return doc;
}

/**
 * Makes every string inside `value` (plain objects and arrays, in place) a copy of its own. V8
 * makes a slice of a string, a front matter title cut from its file or a heading cut from its
 * page's HTML, point into the whole string: kept, the slice keeps the whole file or page alive, the
 * very text the spill file was to hold instead (measured: about 6 KB a doc). What a doc keeps after
 * its texts are spilled goes through this; its spilled fields (getters) must not be in `value`.
 */
export function ownStrings<T>(value: T): T {
  if (typeof value === 'string') return ownString(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = ownStrings(value[index]);
    return value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = ownStrings(record[key]);
  return value;
}

/** A copy of `text` that points into no other string: a concatenation, flattened by the slice. */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
