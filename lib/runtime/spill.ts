// Runtime: the texts a production build makes or reads early but needs only later, one page at a
// time (each doc's markdown body, read in load; its HTML, table of contents, links, anchors and
// the request-sample check's items, made in transform), kept in a temporary file instead of memory. Held in memory, they grow with the site (about 10 KB a doc:
// 100 MB at 10,000 docs, 1 GB at 100,000); spilled, a doc keeps only where its texts are, and
// reading one back when its page is rendered or its twin written costs a read from the page cache.
// `npm start` spills only the bodies (lib/runtime/cached.ts): its cache reuses the rest between
// builds, and keeps its docs' HTML, twins, pages, search files and sections in files of its own
// (text-store.ts).
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compactFrontMatter, isEmptyList, NO_ITEMS } from '../load/frontmatter.ts';
import type { DocPage, TagRef } from '../model.ts';
import { removeFoldersOfEndedBuilds } from '../write/site-writer.ts';

/** A spill folder's name: the process id of the build that made it. */
const SPILL_FOLDER = /^pagewright-spill-(\d+)-/;

/**
 * A new folder under the system's temporary folder, named with this process's id, for texts or
 * files a build keeps out of memory; its maker removes it. The folders of builds that were killed
 * before they could remove theirs are removed here (those of builds still running stay).
 */
export function newSpillFolder(): string {
  removeFoldersOfEndedBuilds(tmpdir(), SPILL_FOLDER);
  return mkdtempSync(join(tmpdir(), `pagewright-spill-${process.pid}-`));
}

/**
 * Removes the spill folders of process `pid`, which has ended or been killed (`npm start`'s build
 * process, stopped in the middle of a stage, lib/dev/server.ts): its own removal on exit never ran.
 */
export function removeSpillFoldersOf(pid: number): void {
  removeFoldersOfEndedBuilds(tmpdir(), SPILL_FOLDER, (found) => found === pid);
}

/** Where a text is in a spill file: plain numbers, so a reference crosses to another thread. */
export interface SpilledText {
  offset: number;
  /** In bytes of UTF-8. */
  length: number;
}

/**
 * A kept text: the spill file it is in and where. Plain data in one object, not a function: a doc
 * has several, and a closure each cost ~350 bytes against ~50 (measured on 2,000 docs); a second
 * object for the place cost ~40 bytes more each (measured on 10,000).
 */
export class SpilledRef {
  constructor(
    readonly file: SpillFile,
    readonly offset: number,
    /** In bytes of UTF-8. */
    readonly length: number,
    /**
     * How the text is read: as it is, or as a JSON object of several fields kept together, each of
     * which is read by its own name (SpillFile.keepFields).
     */
    readonly form: 'text' | 'fields',
  ) {}

  /** Where the text is, as plain numbers for another thread. */
  get at(): SpilledText {
    return { offset: this.offset, length: this.length };
  }

  /** The text, or the value it holds (`name`: the field a 'fields' text is read for). */
  read(name: string): unknown {
    const text = this.file.get(this);
    if (this.form === 'text') return text;
    return (JSON.parse(text) as Record<string, unknown>)[name];
  }
}

/** Keeps a text, and says where it is. */
export type KeepText = (text: string) => SpilledRef;

/**
 * Bytes written and read a block at a time: a build puts a few texts a doc and reads them back
 * mostly in the order it put them (pages render in doc order), so one system call serves many
 * texts instead of one each (measured: ~10 µs a call, 7 a doc, on a busy machine).
 */
const BLOCK = 1 << 20;

export class SpillFile {
  private readonly fd: number;
  /** Bytes in the file, written or waiting in `pending`. */
  private size = 0;
  /** Texts put but not yet written: the file's bytes from `size - pendingLength`. */
  private readonly pending: Buffer | undefined;
  private pendingLength = 0;
  /** The last block read: the file's bytes from `windowStart`. */
  private window = Buffer.alloc(0);
  private windowStart = 0;
  /**
   * Where blocks are read into, one after the other: a new megabyte for each block, freed only when
   * V8 collects its Buffer, left up to ~100 MB of the process's memory to malloc's free lists on
   * 100,000 docs (never given back to the system).
   */
  private readBuffer = Buffer.alloc(0);
  /** The tags of the docs kept with this file, one object each. */
  readonly tags = new SharedTags();

  private constructor(readonly path: string, writable: boolean, private readonly folder?: string) {
    this.fd = openSync(path, writable ? 'w+' : 'r');
    this.pending = writable ? Buffer.allocUnsafe(BLOCK) : undefined;
  }

  /** A new spill file in a folder of its own (newSpillFolder). */
  static create(): SpillFile {
    const folder = newSpillFolder();
    return new SpillFile(join(folder, 'texts'), true, folder);
  }

  /**
   * A spill file in another's folder (`besides`): the helper thread's own, or another thread's,
   * to read what it spilled (after its writer's `flush`). The folder's maker removes it, whatever
   * the other threads do.
   */
  static at(path: string, writable: boolean): SpillFile {
    return new SpillFile(path, writable);
  }

  /** The path of another spill file in this one's folder (see `at`). */
  besides(name: string): string {
    return join(dirname(this.path), name);
  }

  put(text: string): SpilledText {
    const { pending } = this;
    if (!pending) throw new Error(`Internal error: the spill file ${this.path} is open for reading only.`);
    const offset = this.size;
    const length = Buffer.byteLength(text, 'utf8');
    if (this.pendingLength + length > BLOCK) this.flush();
    if (length > BLOCK) writeSync(this.fd, text, offset, 'utf8');
    else this.pendingLength += pending.write(text, this.pendingLength, 'utf8');
    this.size += length;
    return { offset, length };
  }

  /**
   * Puts every byte of the file at `path` (another thread's spill file, written whole) after the
   * texts put so far, a block at a time: where they are. Copied as bytes, not read back as texts
   * and put again one at a time.
   */
  putFile(path: string): SpilledText {
    if (!this.pending) throw new Error(`Internal error: the spill file ${this.path} is open for reading only.`);
    this.flush();
    const start = this.size;
    const from = openSync(path, 'r');
    try {
      // The pending texts' buffer, empty once flushed, carries each block.
      const block = this.pending;
      for (;;) {
        const read = readSync(from, block, 0, block.length, this.size - start);
        if (read === 0) break;
        let written = 0;
        while (written < read) written += writeSync(this.fd, block, written, read - written, this.size + written);
        this.size += read;
      }
    } finally {
      closeSync(from);
    }
    return { offset: start, length: this.size - start };
  }

  /** Writes the texts put so far to the file, for another thread to read them. */
  flush(): void {
    if (!this.pending || this.pendingLength === 0) return;
    const start = this.size - this.pendingLength;
    let written = 0;
    while (written < this.pendingLength) written += writeSync(this.fd, this.pending, written, this.pendingLength - written, start + written);
    this.pendingLength = 0;
  }

  get({ offset, length }: SpilledText): string {
    const pendingStart = this.size - this.pendingLength;
    if (this.pending && offset >= pendingStart) return this.pending.toString('utf8', offset - pendingStart, offset - pendingStart + length);
    if (offset < this.windowStart || offset + length > this.windowStart + this.window.length) {
      // A block from the text on (more if the text is longer), as far as the file goes.
      if (this.readBuffer.length < Math.max(BLOCK, length)) this.readBuffer = Buffer.allocUnsafe(Math.max(BLOCK, length));
      const bytes = this.readBuffer;
      // This thread's own file ends where its pending bytes start; another's as far as it goes.
      const end = Math.min(offset + bytes.length, this.pending ? pendingStart : Number.POSITIVE_INFINITY);
      let read = 0;
      while (offset + read < end) {
        const got = readSync(this.fd, bytes, read, end - offset - read, offset + read);
        if (got === 0) break;
        read += got;
      }
      if (read < length) throw new Error(`Internal error: the spill file ${this.path} ends before the text at ${offset}.`);
      this.window = bytes.subarray(0, read);
      this.windowStart = offset;
    }
    return this.window.toString('utf8', offset - this.windowStart, offset - this.windowStart + length);
  }

  /** Keeps `text` in the file. */
  readonly keep: KeepText = (text) => this.ref(this.put(text));

  /**
   * Keeps several values in the file as one JSON object: one place for them all, given to each
   * field (withSpilled), which reads its own value. A doc's small values (its table of contents,
   * links and anchors) are read once or twice each, so parsing the others with them costs little.
   */
  keepFields(values: Record<string, unknown>): SpilledRef {
    const { offset, length } = this.put(JSON.stringify(values));
    return new SpilledRef(this, offset, length, 'fields');
  }

  /** Another spill file's text (see `at`), read as `form` (SpilledRef.form). */
  ref({ offset, length }: SpilledText, form: SpilledRef['form'] = 'text'): SpilledRef {
    return new SpilledRef(this, offset, length, form);
  }

  /** Closes the file and removes it (with its folder, when this thread made it). */
  close(): void {
    closeSync(this.fd);
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
  }
}

/** Where an object made by `withSpilled` finds its spilled fields. */
const READERS = Symbol('spilled fields');
/** One prototype per set of spilled fields, whose getters read them back. */
const prototypes = new Map<string, object>();

/** Where a spilled field's value is read from: a place in a spill file, or a text store's (text-store.ts). */
export interface SpilledValue {
  /** The value (`name`: the field it is read for). */
  read(name: string): unknown;
}

type Spilled<T> = { [K in keyof T]?: SpilledValue };

/** Where a field of an object made by `withSpilled` is read from, if it is spilled. */
export function spilledValue<T extends object>(object: T, key: keyof T & string): SpilledValue | undefined {
  return (object as { [READERS]?: Record<string, SpilledValue> })[READERS]?.[key];
}

/** Where a field of an object made by `withSpilled` is kept, if it is spilled into a spill file (another thread can read it there). */
export function spilledRef<T extends object>(object: T, key: keyof T & string): SpilledRef | undefined {
  const value = spilledValue(object, key);
  return value instanceof SpilledRef ? value : undefined;
}

/**
 * A copy of `object` whose fields named in `spilled` are read back from where they were kept on
 * each use. The getters sit on a prototype shared by every object with the same fields, so the
 * objects keep V8's compact layout: a getter defined on each object turned it into a dictionary of
 * ~800 bytes (measured). They are not own properties: spread or structured clone leave them out.
 */
export function withSpilled<T extends object>(object: T, spilled: Spilled<T>): T {
  const keys = Object.keys(spilled).sort();
  const id = keys.join(',');
  let prototype = prototypes.get(id);
  if (!prototype) {
    prototype = {};
    for (const key of keys) {
      Object.defineProperty(prototype, key, {
        get(this: { [READERS]: Record<string, SpilledValue> }): unknown {
          return this[READERS][key]?.read(key);
        },
      });
    }
    prototypes.set(id, prototype);
  }
  const copy = Object.create(prototype) as Record<string, unknown>;
  for (const key of Object.keys(object)) if (!(key in spilled)) copy[key] = (object as Record<string, unknown>)[key];
  Object.defineProperty(copy, READERS, { value: spilled });
  return copy as T;
}

/** The fields of a doc cut from its texts that it keeps (its source's are made its own in load). */
export const KEPT_FIELDS = ['id', 'route', 'title', 'sidebarLabel', 'description', 'keywords', 'tags', 'operations', 'changes', 'image'] as const satisfies readonly (keyof DocPage)[];

/**
 * A doc's values read once or twice each (its table of contents, links, anchors and what the
 * request-sample check reads, which on a site with an API description is all its prose and code),
 * kept together as one record (SpillFile.keepFields).
 */
export function keepDocFields(doc: Pick<DocPage, 'toc' | 'links' | 'anchors' | 'samples'>, spill: SpillFile): SpilledRef {
  const { toc, links, anchors, samples } = doc;
  return spill.keepFields({ toc, links, anchors, samples });
}

/**
 * The doc that a production build keeps: its HTML and fields in a spill file (`fields` where
 * another thread kept them, else kept here), its other values its own strings.
 */
export function spilledDoc(doc: DocPage, spill: SpillFile, html: SpilledRef, fields = keepDocFields(doc, spill)): DocPage {
  const { source } = doc;
  // A text the source has too (its route, its front matter's title) is kept once, as the source's
  // own string: a copy of each cost ~250 bytes a doc.
  const { frontMatter } = source;
  const known = [source.id, source.route, frontMatter.title, frontMatter.description, frontMatter.sidebarLabel];
  source.frontMatter = compactFrontMatter(frontMatter);
  for (const key of KEPT_FIELDS) {
    const value = doc[key];
    (doc as unknown as Record<string, unknown>)[key] = (typeof value === 'string' && known.find((text) => text === value)) || (isEmptyList(value) ? NO_ITEMS : ownStrings(value));
  }
  doc.tags = spill.tags.of(doc.tags);
  return withSpilled(doc, { html, toc: fields, links: fields, anchors: fields, samples: fields });
}

/**
 * A tag is the same for every doc that has it: one object each for the docs a build keeps, not
 * one a doc, and no list of its own for a doc without tags.
 */
export class SharedTags {
  private readonly kept = new Map<string, TagRef>();

  /** `tags`, each as the object kept for a tag equal to it (the first one given). */
  of(tags: TagRef[]): TagRef[] {
    if (tags.length === 0) return NO_ITEMS;
    return tags.map((tag) => {
      const key = `${tag.label}\u0000${tag.slug}\u0000${tag.route}`;
      const kept = this.kept.get(key);
      if (kept) return kept;
      this.kept.set(key, tag);
      return tag;
    });
  }
}

/**
 * Makes every string inside `value` (plain objects and arrays, in place) a copy of its own. V8
 * makes a slice of a string, a front matter title cut from its file or a heading cut from its
 * page's HTML, point into the whole string: kept, the slice keeps the whole file or page alive, the
 * very text the spill file was to hold instead (measured: about 6 KB a doc). What a doc keeps after
 * its texts are spilled goes through this; its spilled fields (getters) must not be in `value`.
 * With `known`, a string equal to one of its keys becomes that key's string instead, and equal
 * strings inside `value` share one copy (a doc's links each name its file and a route).
 */
export function ownStrings<T>(value: T, known?: ReadonlyMap<string, string>): T {
  return ownStringsIn(value, known && { known, made: new Map<string, string>() });
}

function ownStringsIn<T>(value: T, pool: { known: ReadonlyMap<string, string>; made: Map<string, string> } | undefined): T {
  if (typeof value === 'string') {
    if (!pool) return ownString(value) as T;
    let own = pool.known.get(value) ?? pool.made.get(value);
    if (own === undefined) {
      own = ownString(value);
      pool.made.set(own, own);
    }
    return own as T;
  }
  // A frozen value is a constant shared by many (such as a front matter's NO_KEY_LINES): not cut from any one text.
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = ownStringsIn(value[index], pool);
    return value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = ownStringsIn(record[key], pool);
  return value;
}

/**
 * A copy of `text` that points into no other string. JSON's parser makes a new flat string: a
 * slice of a copy (V8's other cheap way) kept a 32-byte slice object besides the copy, some
 * 300 bytes a doc, and took longer. An array join makes one faster (lib/load/route-path.ts's
 * routeFile does), but keeps a two-byte text two-byte, where JSON's parser makes ASCII text one-byte
 * again: a slice of a file holding any "—" is two-byte, and a large site keeps many such texts.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : JSON.parse(JSON.stringify(text)) as string;
}
