// Sorted runs of the search index's postings on disk, so that the index's memory is bounded
// whatever the number of sections: the indexer (lib/assets/search/term-index.ts) writes what it holds
// to a run file when it holds too many postings and starts afresh; at the end the runs are merged,
// each read sequentially through a small buffer, into the terms in order.
//
// A run file is UTF-8 text, one line per term, the terms in the order of the index (JS string
// comparison, `<`), each line:
//
//   TERM ( TAB FIELD TAB POSTINGS )* NEWLINE
//
// TERM is the term as a JSON string (JSON.stringify: no raw tab or newline); for each field that has
// postings, in ascending field id, FIELD is the field's id (decimal) and POSTINGS the field's postings
// as the members of the JSON object the index writes, `"id":count` joined by commas, ids ascending
// (e.g. `"12":3,"40":1`). The text is the index's own, so merging is only joining: a term's field in
// several runs gets their POSTINGS joined by commas in run order, and since sections are added in id
// order, ids stay ascending.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/** A term of a run: its postings, per field id, as `"id":count,…` (undefined: none in that field). */
export interface RunEntry {
  term: string;
  /** JSON.stringify(term). */
  termJson: string;
  fields: (string | undefined)[];
}

/** Text written to a run file at a time. */
const WRITE_BYTES = 1 << 20;
/** Bytes read from a run file at a time: one such buffer a run while they merge. */
const READ_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** Writes `entries` (in term order) as a run file at `path`. */
export function writeRun(path: string, entries: Iterable<RunEntry>): void {
  const fd = openSync(path, 'w');
  try {
    let text = '';
    for (const { termJson, fields } of entries) {
      text += termJson;
      fields.forEach((postings, fieldId) => {
        if (postings !== undefined) text += `\t${fieldId}\t${postings}`;
      });
      text += '\n';
      if (text.length >= WRITE_BYTES) {
        writeAll(fd, text);
        text = '';
      }
    }
    if (text.length > 0) writeAll(fd, text);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** A run file's entries, in order, read READ_BYTES at a time. */
export function* readRun(path: string): Generator<RunEntry> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    // The bytes after the last newline read: a line cut by the buffer's end (split on bytes, so a
    // character cut there is decoded whole once its line is).
    let rest = Buffer.alloc(0);
    for (;;) {
      const read = readSync(fd, buffer, 0, READ_BYTES, null);
      if (read === 0) break;
      const chunk = buffer.subarray(0, read);
      const end = chunk.lastIndexOf(NEWLINE);
      if (end < 0) {
        rest = Buffer.concat([rest, chunk]);
        continue;
      }
      const lines = Buffer.concat([rest, chunk.subarray(0, end)]).toString('utf8').split('\n');
      rest = Buffer.from(chunk.subarray(end + 1));
      for (const line of lines) yield parseLine(line, path);
    }
    if (rest.length > 0) throw new Error(`Internal error: the search index's run file ${path} ends within a line.`);
  } finally {
    closeSync(fd);
  }
}

function parseLine(line: string, path: string): RunEntry {
  const parts = line.split('\t');
  const termJson = parts[0] ?? '';
  const fields: (string | undefined)[] = [];
  for (let index = 1; index + 1 < parts.length; index += 2) fields[Number(parts[index])] = parts[index + 1];
  if (parts.length % 2 !== 1 || !termJson.startsWith('"')) throw new Error(`Internal error: a line of the search index's run file ${path} is not a term's: ${line.slice(0, 80)}`);
  return { term: JSON.parse(termJson) as string, termJson, fields };
}

/**
 * The runs' terms in order, each term's entries together (those of the runs that have it, in the
 * order of `runs`). Few runs (tens on the largest sites), so the least head is found by a scan.
 */
export function* mergeRuns(runs: Iterator<RunEntry>[]): Generator<RunEntry[]> {
  const heads = runs.map((run) => run.next().value as RunEntry | undefined);
  for (;;) {
    let least: string | undefined;
    for (const head of heads) if (head && (least === undefined || head.term < least)) least = head.term;
    if (least === undefined) return;
    const same: RunEntry[] = [];
    heads.forEach((head, index) => {
      if (head?.term !== least) return;
      same.push(head);
      heads[index] = runs[index]?.next().value as RunEntry | undefined;
    });
    yield same;
  }
}

/** A term's entry in the index, as JSON: its entries' postings joined field by field. */
export function termJson(entries: RunEntry[]): string {
  const fieldCount = Math.max(...entries.map((entry) => entry.fields.length));
  const fields: string[] = [];
  for (let fieldId = 0; fieldId < fieldCount; fieldId += 1) {
    const postings = entries.map((entry) => entry.fields[fieldId]).filter((part) => part !== undefined);
    if (postings.length > 0) fields.push(`"${fieldId}":{${postings.join(',')}}`);
  }
  return `[${entries[0]?.termJson ?? '""'},{${fields.join(',')}}]`;
}
