// The search index's run files (lib/assets/search/term-runs.ts) give back every term and posting
// written, whatever falls across the ends of the buffers they are written and read through: terms
// longer than either buffer, numbers of several bytes, fields without postings; and runs merged
// join a term's postings field by field in run order.
import assert from 'node:assert/strict';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { random } from '../../bench/corpus.ts';
import { FIELD_COUNT, IndexTerm } from '../../lib/assets/search/index-term.ts';
import { mergeRuns, RunReader, writeRun } from '../../lib/assets/search/term-runs.ts';
import { tempDir } from '../helpers/site.ts';

/** A term with, per field, the given postings ([id, count] pairs, ids ascending). */
function termOf(term: string, fields: [number, number][][]): IndexTerm {
  const entry = new IndexTerm();
  entry.reset(term);
  fields.forEach((postings, field) => {
    const at = entry.add(field, postings.length);
    postings.forEach(([id, count], index) => {
      entry.ids[at + index] = id;
      entry.counts[at + index] = count;
    });
  });
  return entry;
}

/** A term's postings as [field, id, count] triples. */
function postingsOf(entry: IndexTerm): number[][] {
  const postings: number[][] = [];
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    for (let at = entry.starts[field] as number; at < (entry.starts[field + 1] as number); at += 1) postings.push([field, entry.ids[at] as number, entry.counts[at] as number]);
  }
  return postings;
}

test('a run file gives back its terms and postings across the ends of its buffers', (t) => {
  const folder = tempDir('pagewright-run-');
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const next = random(7);
  const terms: IndexTerm[] = [];
  // Terms in order; among them one longer than the reading buffer (64 KB), one longer than the
  // writing buffer (1 MB) and words of several UTF-8 bytes a letter, and postings with ids up to
  // the index's largest (four-byte numbers) and long lists of small gaps.
  const names = ['a', 'b'.repeat(70_000), 'c'.repeat(1_200_000), 'café', 'd', ...Array.from({ length: 3000 }, (_, index) => `e${String(index).padStart(5, '0')}`), 'zürich', '東京'];
  for (const name of names) {
    const fields: [number, number][][] = [];
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const postings: [number, number][] = [];
      const size = next() < 0.5 ? 0 : Math.floor(next() ** 3 * 2000);
      let id = Math.floor(next() * 1000);
      for (let index = 0; index < size && id < 2 ** 24 - 1; index += 1) {
        postings.push([id, 1 + Math.floor(next() ** 4 * 300)]);
        id += 1 + Math.floor(next() ** 6 * 2 ** 20);
      }
      if (next() < 0.05) postings.push([2 ** 24 - 1, 70_000]);
      fields.push(postings);
    }
    terms.push(termOf(name, fields));
  }
  const path = join(folder, 'terms-0.run');
  writeRun(path, terms);
  assert.ok(statSync(path).size > 3 * 64 * 1024, 'the file spans several reading buffers');

  const read: [string, number[][]][] = [];
  const reader = new RunReader(path);
  for (const out = new IndexTerm(); reader.term !== undefined; reader.advance()) {
    out.reset(reader.term);
    for (let field = 0; field < FIELD_COUNT; field += 1) reader.readField(field, out);
    read.push([out.term, postingsOf(out)]);
  }
  assert.equal(read.length, terms.length);
  terms.forEach((entry, index) => assert.deepEqual(read[index], [entry.term, postingsOf(entry)], `term ${index}`));
});

test('runs merged give each term once, its postings joined field by field in run order', (t) => {
  const folder = tempDir('pagewright-run-');
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const first = join(folder, 'terms-0.run');
  const second = join(folder, 'terms-1.run');
  writeRun(first, [termOf('api', [[[1, 2]], [], [[3, 1]]]), termOf('lora', [[], [[2, 1]]])]);
  writeRun(second, [termOf('api', [[[10, 1], [12, 4]], [[11, 1]]]), termOf('tune', [[[10, 1]]])]);
  const merged = [...mergeRuns([new RunReader(first), new RunReader(second)])].length;
  assert.equal(merged, 3);
  const terms: [string, number[][]][] = [];
  for (const entry of mergeRuns([new RunReader(first), new RunReader(second)])) terms.push([entry.term, postingsOf(entry)]);
  assert.deepEqual(terms, [
    ['api', [[0, 1, 2], [0, 10, 1], [0, 12, 4], [1, 11, 1], [2, 3, 1]]],
    ['lora', [[1, 2, 1]]],
    ['tune', [[0, 10, 1]]],
  ]);
});
