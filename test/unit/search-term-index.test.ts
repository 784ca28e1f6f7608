// The build's own inverted index must be exactly what MiniSearch would serialise, since the browser
// loads it into MiniSearch: same terms, frequencies, field lengths and mean lengths, to the bit.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import MiniSearch from 'minisearch';
import { generateCorpus, vocabulary } from '../../bench/corpus.ts';
import { corpusSections } from '../../bench/search-figures.ts';
import { SEARCH_FIELDS, processTerm, tokenize, type TermEntry } from '../../common/search.ts';
import type { SearchSection } from '../../lib/assets/search/sections.ts';
import { indexSections } from '../../lib/assets/search/term-index.ts';
import { buildSearchIndex, SearchIndexInput } from '../../lib/assets/search/build-index.ts';
import { ROOT } from '../helpers/site.ts';

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
    assert.deepEqual(ours.fieldLength, theirs.fieldLength);
    assert.deepEqual(ours.averageFieldLength, theirs.averageFieldLength);
    const terms = [...ours.terms];
    assert.equal(`[${terms.map((entry) => entry.json).join(',')}]`, JSON.stringify(theirs.terms));
    assert.deepEqual(terms.map((entry) => entry.term), theirs.terms.map((entry) => entry[0]));
  }
});

test('an index fed page by page writes the same files as one made from the whole list', () => {
  const generated = corpusSections(generateCorpus(120, vocabulary(join(ROOT, 'content/docs'))));
  const files = (sections: SearchSection[] | SearchIndexInput) => {
    const written: [string, string][] = [];
    buildSearchIndex(sections, (name, content) => {
      written.push([name, content]);
      return `/${name}.${written.length}`;
    }, { limits: { singleFileBytes: 10_000, termShardBytes: 20_000, docShardBytes: 4_000 } });
    return written;
  };
  const whole = files(generated);
  assert.ok(whole.length > 4, 'the index is sharded');
  const fed = new SearchIndexInput();
  // One page's sections at a time, as the build feeds it.
  let start = 0;
  for (let end = 1; end <= generated.length; end += 1) {
    if (end === generated.length || !(generated[end]?.url.includes('#') ?? false)) {
      fed.add(generated.slice(start, end));
      start = end;
    }
  }
  assert.deepEqual(files(fed), whole);
});
