// The build's own inverted index must be exactly what MiniSearch would serialise, since the browser
// loads it into MiniSearch: same terms, frequencies, field lengths and mean lengths, to the bit.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import MiniSearch from 'minisearch';
import { generateCorpus, vocabulary } from '../../bench/corpus.ts';
import { corpusSections } from '../../bench/search-figures.ts';
import { SEARCH_FIELDS, processTerm, tokenize, type TermEntry } from '../../common/search.ts';
import { excerptOf, type SearchSection } from '../../lib/assets/search/sections.ts';
import { IndexTerm } from '../../lib/assets/search/index-term.ts';
import { indexSections, mapIterable, TermIndexer, type TermIndex } from '../../lib/assets/search/term-index.ts';
import { RunReader } from '../../lib/assets/search/term-runs.ts';
import { buildSearchIndex, SearchIndexInput, type AddFile } from '../../lib/assets/search/build-index.ts';
import { ROOT, tempDir } from '../helpers/site.ts';

function viaMiniSearch(sections: SearchSection[]) {
  // A section without a description indexes it as empty text.
  const search = new MiniSearch<SearchSection & { id: number }>({
    fields: [...SEARCH_FIELDS], storeFields: [], processTerm, tokenize, extractField: (section, field) => section[field as keyof SearchSection] ?? '',
  });
  search.addAll(sections.map((section, id) => ({ ...section, id })));
  const plain = search.toJSON();
  return {
    documentCount: plain.documentCount,
    averageFieldLength: plain.averageFieldLength,
    fieldLength: sections.map((_, id) => plain.fieldLength[String(id)]),
    terms: (plain.index as TermEntry[]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  };
}

const section = (fields: Partial<SearchSection>): SearchSection => ({ title: '', heading: '', page: '', text: '', tags: '', pageTitle: '', url: '/', ...fields });

test('the search index equals MiniSearch\'s for the real content, a generated site and odd text', () => {
  const docsDir = join(ROOT, 'content/docs');
  const real = readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.md')).sort()
    .map((path) => section({ title: path, text: readFileSync(join(docsDir, path), 'utf8'), tags: 'API Fine-tuning' }));
  const generated = corpusSections(generateCorpus(300, vocabulary(docsDir)));
  const odd = [
    section({}),
    section({ title: 'The the THE', text: 'a an and — … 42 tune_id tune_id Tune_ID ÉCLAIR éclair 東京 ‑‑' }),
    section({ heading: 'x'.repeat(300), text: '\n\n  \t', tags: 'Styles Styles' }),
    section({ title: 'Described', description: 'What the page is for, in one sentence: the page.' }),
  ];
  for (const sections of [real, generated, odd, [...odd, ...real]]) {
    const ours = indexSections(sections);
    const theirs = viaMiniSearch(sections);
    assert.equal(ours.documentCount, theirs.documentCount);
    assert.deepEqual(theirs.fieldLength.map((_, id) => ours.fieldLength.of(id)), theirs.fieldLength);
    assert.equal(ours.fieldLength.json(), JSON.stringify(theirs.fieldLength));
    assert.deepEqual(ours.averageFieldLength, theirs.averageFieldLength);
    const terms = [...mapIterable(ours.terms, (entry) => ({ term: entry.term, json: entry.json() }))];
    assert.equal(`[${terms.map((entry) => entry.json).join(',')}]`, JSON.stringify(theirs.terms));
    assert.deepEqual(terms.map((entry) => entry.term), theirs.terms.map((entry) => entry[0]));
  }
});

const pageLimits = { singleFileBytes: 10_000, termShardBytes: 20_000, docShardBytes: 4_000 };

/** The files an index writes, in order: [name, content]. */
function filesOf(build: (addFile: AddFile) => unknown): [string, string][] {
  const written: [string, string][] = [];
  build((name, content) => {
    written.push([name, content]);
    return `/${name}.${written.length}`;
  });
  return written;
}

/** The sections one page at a time, as the build feeds them. */
function byPage(sections: SearchSection[]): SearchSection[][] {
  const pages: SearchSection[][] = [];
  for (const section of sections) {
    if (section.url.includes('#')) pages.at(-1)?.push(section);
    else pages.push([section]);
  }
  return pages;
}

function runsFolder(t: TestContext): string {
  const folder = tempDir('pagewright-runs-');
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const generated = corpusSections(generateCorpus(120, vocabulary(join(ROOT, 'content/docs'))));

test('an index fed page by page writes the same files as one made from the whole list', () => {
  const whole = filesOf((addFile) => buildSearchIndex(generated, addFile, { limits: pageLimits }));
  assert.ok(whole.length > 4, 'the index is sharded');
  const fed = filesOf((addFile) => {
    const input = new SearchIndexInput(addFile, { limits: pageLimits });
    for (const page of byPage(generated)) input.add(page);
    return input.write();
  });
  assert.deepEqual(fed, whole);
});

test('postings in sorted runs on disk give the same terms and the same files as in memory, and the runs are removed', (t) => {
  const inMemory = indexSections(generated);
  const runsDir = runsFolder(t);
  const indexer = new TermIndexer({ runsDir, runPostings: 500 });
  for (const section of generated) indexer.add(section);
  // Many runs, and terms found in several of them (their postings joined in run order).
  const runs = readdirSync(runsDir);
  assert.ok(runs.length > 20, `${runs.length} runs`);
  const runTerms = runs.map((name) => {
    const terms: string[] = [];
    for (const run = new RunReader(join(runsDir, name)); run.term !== undefined; run.advance()) {
      terms.push(run.term);
      for (let field = 0; field < SEARCH_FIELDS.length; field += 1) run.readField(field, new IndexTerm());
    }
    return terms;
  });
  for (const terms of runTerms) assert.deepEqual(terms, [...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'a run\'s terms are in order');
  const seen = new Map<string, number>();
  for (const term of runTerms.flat()) seen.set(term, (seen.get(term) ?? 0) + 1);
  assert.ok([...seen.values()].filter((runCount) => runCount > 5).length > 50, 'many terms are in several runs');
  const fromRuns = indexer.finish();
  assert.equal(fromRuns.fieldLength.json(), inMemory.fieldLength.json());
  assert.deepEqual(fromRuns.averageFieldLength, inMemory.averageFieldLength);
  const json = (index: TermIndex) => [...mapIterable(index.terms, (entry) => entry.json())];
  assert.deepEqual(json(fromRuns), json(inMemory));
  assert.deepEqual(readdirSync(runsDir), [], 'the run files are removed once the terms are read');

  // Whole files, a page at a time, with a bound of one posting (a run a section) and more.
  for (const runPostings of [0, 1, 3000]) {
    const dir = runsFolder(t);
    const fed = filesOf((addFile) => {
      const input = new SearchIndexInput(addFile, { limits: pageLimits, runsDir: dir, runPostings });
      for (const page of byPage(generated)) input.add(page);
      return input.write();
    });
    assert.deepEqual(fed, filesOf((addFile) => buildSearchIndex(generated, addFile, { limits: pageLimits })), `runs of ${runPostings} postings`);
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('run files are removed when the index stops early: terms read in part, a file that cannot be written', (t) => {
  const runsDir = runsFolder(t);
  const indexer = new TermIndexer({ runsDir, runPostings: 1000 });
  for (const section of generated) indexer.add(section);
  assert.ok(readdirSync(runsDir).length > 2);
  const terms = indexer.finish().terms[Symbol.iterator]();
  terms.next();
  terms.return?.();
  assert.deepEqual(readdirSync(runsDir), []);

  const failing = runsFolder(t);
  const input = new SearchIndexInput((name) => {
    if (name === 'search-terms.json') throw new Error('disk full');
    return `/${name}`;
  }, { limits: pageLimits, runsDir: failing, runPostings: 1000 });
  input.add(generated);
  assert.ok(readdirSync(failing).length > 2);
  assert.throws(() => input.write(), /disk full/);
  assert.deepEqual(readdirSync(failing), []);
});

test('doc shards are written as they fill once the one-file form is out of reach: same shards as when held to the end', () => {
  const records = generated.map((section) => JSON.stringify([section.pageTitle, section.url, section.heading, excerptOf(section.text)]));
  const recordBytes = records.reduce((sum, record) => sum + record.length + 1, 0);
  const docShardBytes = 3000;
  const sharded = (singleFileBytes: number) => {
    let docsBeforeWrite = 0;
    let writing = false;
    const files = filesOf((addFile) => {
      const input = new SearchIndexInput((name, content) => {
        if (!writing && name === 'search-docs.json') docsBeforeWrite += 1;
        return addFile(name, content);
      }, { limits: { singleFileBytes, termShardBytes: 20_000, docShardBytes } });
      for (const page of byPage(generated)) input.add(page);
      writing = true;
      return input.write();
    });
    return { files, docsBeforeWrite };
  };
  // The records fit the one-file form (the terms do not): every doc shard is held until the end.
  const held = sharded(recordBytes + 1);
  assert.equal(held.docsBeforeWrite, 0);
  assert.ok(held.files.length > 4, 'the index is sharded');
  // The records outgrow it: the shards are written as they fill, all but the last before the end.
  const streamed = sharded(recordBytes);
  const docShards = streamed.files.filter(([name]) => name === 'search-docs.json').map(([, content]) => content);
  assert.ok(docShards.length > 10, `${docShards.length} doc shards`);
  assert.equal(streamed.docsBeforeWrite, docShards.length - 1);
  const sorted = (files: [string, string][]) => [...files].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const manifest = (files: [string, string][]) => files.at(-1)?.[1].replace(/"\/search-[a-z]+\.json\.\d+"/g, '"url"');
  assert.deepEqual(sorted(streamed.files).map(([name, content]) => [name, name === 'search-index.json' ? '' : content]),
    sorted(held.files).map(([name, content]) => [name, name === 'search-index.json' ? '' : content]));
  assert.equal(manifest(streamed.files), manifest(held.files));
  // The shards: the records in order, cut as late as the target size allows (never empty).
  assert.equal(`[${records.join(',')}]`, `[${docShards.map((shard) => shard.slice(1, -1)).join(',')}]`);
  let from = 0;
  for (const shard of docShards) {
    const count = (JSON.parse(shard) as unknown[]).length;
    assert.ok(count > 0);
    const size = records.slice(from, from + count).reduce((sum, record) => sum + record.length + 1, 0);
    assert.ok(count === 1 || size <= docShardBytes, `shard of ${size} bytes`);
    const nextRecord = records[from + count];
    if (nextRecord !== undefined) assert.ok(size + nextRecord.length + 1 > docShardBytes, 'the next record would not have fit');
    from += count;
  }
});
