// Sorted runs of the search index's postings on disk, so that the index's memory is bounded
// whatever the number of sections: the indexer (lib/assets/search/term-index.ts) writes what it holds
// to a run file when it holds too many postings and starts afresh; at the end the runs are merged,
// each read sequentially through a small buffer, into the terms in order.
//
// A run file holds its terms in the order of the index (JS string comparison, `<`), each as:
//
//   the term's length in UTF-8 bytes, then those bytes;
//   for each field id in turn (FIELD_COUNT of them), the number of its postings;
//   then field by field, each posting: its section id less the posting's before it in the field
//   (the first: the id itself), then the term's count in that section.
//
// Every number is an unsigned LEB128 varint (seven bits a byte, the low ones first, the high bit
// set on all bytes but the last): most take a byte or two. The postings are numbers from the
// indexer's chains to the index files (IndexTerm); as text (`"id":count`), as they once were,
// they were written out and scanned back into numbers for nothing.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { FIELD_COUNT, IndexTerm } from './index-term.ts';

/**
 * A run's terms, read one at a time: its term (undefined past the last); each of the term's fields
 * read in ascending field id (readField, all of them, even those without postings), then advance().
 */
export interface RunCursor {
  readonly term: string | undefined;
  /** Adds the term's postings in `field` to `out` (IndexTerm.add). */
  readField(field: number, out: IndexTerm): void;
  /** To the next term, once every field of this one was read. */
  advance(): void;
}

/** Bytes written to a run file at a time. */
const WRITE_BYTES = 1 << 20;
/** Bytes read from a run file at a time: one such buffer a run while they merge. */
const READ_BYTES = 64 * 1024;
/** The most bytes a varint of a 32-bit number takes. */
const VARINT_BYTES = 5;

/** Writes `terms` (in term order) as a run file at `path`. */
export function writeRun(path: string, terms: Iterable<IndexTerm>): void {
  const fd = openSync(path, 'w');
  try {
    const out = new RunWriter(fd);
    for (const { term, starts, ids, counts } of terms) {
      out.text(term);
      for (let field = 0; field < FIELD_COUNT; field += 1) out.varint((starts[field + 1] as number) - (starts[field] as number));
      for (let field = 0; field < FIELD_COUNT; field += 1) {
        let last = 0;
        for (let at = starts[field] as number, end = starts[field + 1] as number; at < end; at += 1) {
          const id = ids[at] as number;
          out.varint(id - last);
          out.varint(counts[at] as number);
          last = id;
        }
      }
    }
    out.flush();
  } finally {
    closeSync(fd);
  }
}

class RunWriter {
  private readonly buffer = Buffer.allocUnsafe(WRITE_BYTES);
  private used = 0;

  constructor(private readonly fd: number) {}

  varint(value: number): void {
    if (this.used + VARINT_BYTES > this.buffer.length) this.flush();
    const { buffer } = this;
    let rest = value;
    while (rest >= 0x80) {
      buffer[this.used++] = (rest & 0x7f) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    buffer[this.used++] = rest;
  }

  text(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    this.varint(bytes);
    if (this.used + bytes > this.buffer.length) this.flush();
    // A term longer than the buffer (a word of a million letters) is written on its own.
    if (bytes > this.buffer.length) writeAll(this.fd, Buffer.from(text, 'utf8'));
    else this.used += this.buffer.write(text, this.used, 'utf8');
  }

  flush(): void {
    writeAll(this.fd, this.buffer.subarray(0, this.used));
    this.used = 0;
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** A run file's terms, in order, read READ_BYTES at a time; its file is closed past the last term or by close(). */
export class RunReader implements RunCursor {
  term: string | undefined;
  /** The term's number of postings in each field. */
  private readonly sizes = new Int32Array(FIELD_COUNT);
  /** The next field readField() takes. */
  private field = 0;
  private fd: number | undefined;
  private buffer = Buffer.allocUnsafe(READ_BYTES);
  /** The bytes read and not yet decoded: buffer[at, end). */
  private at = 0;
  private end = 0;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'r');
    try {
      this.advance();
    } catch (error) {
      this.close();
      throw error;
    }
  }

  advance(): void {
    if (this.term !== undefined && this.field !== FIELD_COUNT) this.broken('a term\'s fields were not all read');
    if (!this.available(1)) {
      this.term = undefined;
      this.close();
      return;
    }
    const bytes = this.varint();
    if (!this.available(bytes)) this.broken('it ends within a term');
    this.term = this.buffer.toString('utf8', this.at, this.at + bytes);
    this.at += bytes;
    for (let field = 0; field < FIELD_COUNT; field += 1) this.sizes[field] = this.varint();
    this.field = 0;
  }

  readField(field: number, out: IndexTerm): void {
    if (this.term === undefined || field !== this.field) this.broken('its fields were read out of order');
    this.field += 1;
    const size = this.sizes[field] as number;
    const at = out.add(field, size);
    const { ids, counts } = out;
    let id = 0;
    for (let posting = at; posting < at + size; posting += 1) {
      id += this.varint();
      ids[posting] = id;
      counts[posting] = this.varint();
    }
  }

  /** Closes the file, should the terms not be read to the end. */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private varint(): number {
    if (this.end - this.at < VARINT_BYTES) this.available(VARINT_BYTES);
    const { buffer } = this;
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at === this.end) this.broken('it ends within a number');
      const byte = buffer[this.at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  /** Whether `bytes` more bytes can be decoded: what is left moved to the buffer's start, and read after. */
  private available(bytes: number): boolean {
    if (this.end - this.at >= bytes) return true;
    if (this.fd === undefined) return false;
    const left = this.end - this.at;
    if (bytes > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(bytes);
      this.buffer.copy(bigger, 0, this.at, this.end);
      this.buffer = bigger;
    } else {
      this.buffer.copyWithin(0, this.at, this.end);
    }
    this.at = 0;
    this.end = left;
    while (this.end < this.buffer.length) {
      const read = readSync(this.fd, this.buffer, this.end, this.buffer.length - this.end, null);
      if (read === 0) break;
      this.end += read;
    }
    return this.end - this.at >= bytes;
  }

  private broken(what: string): never {
    this.close();
    throw new Error(`Internal error: the search index's run file ${this.path} cannot be read: ${what}.`);
  }
}

/**
 * The runs' terms in order, each with its postings from every run that has it, joined field by
 * field in the order of `runs` (since sections are added in id order, ids stay ascending). Yields
 * one IndexTerm, refilled for each term. Few runs (tens on the largest sites), so the least
 * term is found by a scan.
 */
export function* mergeRuns(runs: RunCursor[]): Generator<IndexTerm> {
  const out = new IndexTerm();
  const having: RunCursor[] = [];
  for (;;) {
    let least: string | undefined;
    for (const { term } of runs) if (term !== undefined && (least === undefined || term < least)) least = term;
    if (least === undefined) return;
    having.length = 0;
    for (const run of runs) if (run.term === least) having.push(run);
    out.reset(least);
    for (let field = 0; field < FIELD_COUNT; field += 1) for (const run of having) run.readField(field, out);
    for (const run of having) run.advance();
    yield out;
  }
}
