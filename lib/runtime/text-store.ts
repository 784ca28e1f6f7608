// Runtime, `npm start`: texts the build cache keeps between builds (lib/runtime/build-cache.ts) in
// a spill file (lib/runtime/spill.ts) instead of memory: each doc's HTML and markdown twin, the
// HTML with asset placeholders of each page a save rendered, until it is written (then its file in
// the output folder is its copy: lib/runtime/rendered-pages.ts), the search index's files, each
// doc's search sections. Held in memory, they made the build process grow with the site: the pages
// alone were ~800 MB of a 2.1 GB heap after the first build of 10,000 generated pages, every later
// build collecting garbage through them, and the first build of 100,000 pages ran out of V8's heap.
// A text is read back only when it is used again (a changed doc's search sections), from the page
// cache.
//
// The file only grows: a text made anew is put again, and its old one stays as dead bytes. Once
// they outweigh the live ones (and some megabytes), the live texts are copied to a new file.
import { linkSync } from 'node:fs';
import { SpillFile, type SpilledText } from './spill.ts';

/**
 * A stored text: where it is in the store's file, changed in place when the texts move to a new
 * file (one object a text: a place of its own inside it was another ~40 bytes, five a doc).
 */
export interface StoredText extends SpilledText {
  offset: number;
  length: number;
}

/** Dead bytes a file may hold besides as many as it has live ones, before it is compacted. */
const SLACK = 64 * 2 ** 20;

/** Files still open, closed when the process ends (a test's or the build worker's). */
const open = new Set<SpillFile>();
let closesOnExit = false;

/** A new spill file, removed when the process ends unless `closeSpillFile` removed it before. */
export function spillFileUntilExit(): SpillFile {
  const file = SpillFile.create();
  open.add(file);
  if (!closesOnExit) {
    closesOnExit = true;
    process.once('exit', () => {
      for (const each of open) each.close();
    });
  }
  return file;
}

function closeSpillFile(file: SpillFile): void {
  file.close();
  open.delete(file);
}

export class TextStore {
  /** `slack`: dead bytes allowed besides as many as there are live ones (smaller in tests). */
  constructor(private readonly slack = SLACK) {}

  private file: SpillFile | undefined;
  /** Bytes put in the current file. */
  private size = 0;
  private moveCount = 0;

  /** The bytes in the current file, live and dead. */
  get bytes(): number {
    return this.size;
  }

  /** How many times the texts moved to a new file (their offsets changed in place). */
  get moves(): number {
    return this.moveCount;
  }

  put(text: string): StoredText {
    const { offset, length } = this.spill().put(text);
    this.size += length;
    return { offset, length };
  }

  get(text: StoredText): string {
    if (!this.file) throw new Error('Internal error: a stored text was read before any was put.');
    return this.file.get(text);
  }

  /**
   * After a build, with every text still used: moves them to a new file when the current
   * one is mostly dead bytes, and removes the old one.
   */
  compact(live: readonly StoredText[]): void {
    this.compactBy(live.reduce((sum, text) => sum + text.length, 0), () => live);
  }

  /**
   * compact, told how many bytes are live by a caller that counts them in a loop of its own: the
   * list of every text is made only to move them (an array of two texts a doc, and a pass to sum
   * them, were ~80 ms of a save at 100,000 docs).
   */
  compactBy(liveBytes: number, live: () => readonly StoredText[]): void {
    const old = this.file;
    if (!old || this.size <= 2 * liveBytes + this.slack) return;
    this.file = undefined;
    this.size = 0;
    this.moveCount += 1;
    for (const text of live()) text.offset = this.put(old.get(text)).offset;
    closeSpillFile(old);
  }

  /**
   * Texts another thread wrote into the file at `path` (`at`: where each is there), copied into
   * this store: the same texts, as this store's.
   */
  putFile(path: string, at: readonly SpilledText[]): StoredText[] {
    const copied = this.spill().putFile(path);
    this.size += copied.length;
    return at.map(({ offset, length }): StoredText => ({ offset: copied.offset + offset, length }));
  }

  /**
   * A hard link to this store's file made at `path`, every text put so far written: another thread
   * reads texts there (at their offsets now) while this store may move its texts to a new file and
   * remove the old one.
   */
  linkTo(path: string): void {
    const file = this.spill();
    file.flush();
    linkSync(file.path, path);
  }

  /** Removes the file (a cache no longer used). */
  close(): void {
    if (!this.file) return;
    closeSpillFile(this.file);
    this.file = undefined;
  }

  private spill(): SpillFile {
    this.file ??= spillFileUntilExit();
    return this.file;
  }
}

/**
 * A text of a store, read back on each use as the field of an object made by `withSpilled`
 * (lib/runtime/spill.ts): `npm start`'s docs keep their HTML and table of contents this way.
 */
export class StoredField {
  /** `form`: the text itself, or a value kept as JSON. */
  constructor(private readonly store: TextStore, readonly text: StoredText, private readonly form: 'text' | 'json' = 'text') {}

  read(): unknown {
    const text = this.store.get(this.text);
    return this.form === 'json' ? JSON.parse(text) as unknown : text;
  }
}
