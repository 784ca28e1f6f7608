// `npm start` names the search index's entry file with a hash kept block by block between saves
// (lib/runtime/page-digests-hash.ts): the name must be the one a production build gives for
// the same input, whatever changed since the last save.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { INDEXING_SOURCES, indexEntryName } from '../../lib/assets/search/index-job.ts';
import { PageDigestsHash } from '../../lib/runtime/page-digests-hash.ts';
import type { SearchSection } from '../../lib/assets/search/sections.ts';
import { ROOT } from '../helpers/site.ts';

const extra: SearchSection[] = [];
const synonyms = {};
const digest = (index: number, round = 0) => `d${index}r${round}`.padEnd(27, 'x');

test('the kept hash names the entry file as a fresh one does, through saves that change, add, remove and move pages', () => {
  const kept = new PageDigestsHash();
  const check = (digests: string[], what: string) =>
    assert.equal(indexEntryName(ROOT, digests, extra, synonyms, kept), indexEntryName(ROOT, digests, extra, synonyms), what);
  let digests = Array.from({ length: 3500 }, (_, index) => digest(index));
  check(digests, 'a first call');
  check(digests, 'nothing changed');
  digests = digests.slice();
  digests[2100] = digest(2100, 1);
  check(digests, 'one page changed in the third block');
  digests = digests.slice();
  digests[10] = digest(10, 2);
  check(digests, 'one in the first block: every later state made again');
  digests = digests.slice();
  digests[3499] = digest(3499, 3);
  check(digests, 'the last page');
  check([...digests.slice(0, 1500), digest(9999), ...digests.slice(1500)], 'a page added: the later blocks move');
  check(digests.slice(0, 3000), 'pages removed: the last block gone');
  check(digests.slice(0, 2999), 'a last block shorter');
  check([...digests.slice(0, 2999), digests[2999] as string, digest(5000)], 'a last block longer');
  check([], 'no pages');
  check(digests, 'all of them again');
});

test('another text before the digests (the indexing code) makes every state again', () => {
  const kept = new PageDigestsHash();
  const digests = Array.from({ length: 2500 }, (_, index) => digest(index));
  const before = kept.after([Buffer.from('code one')], digests).digest('hex');
  const fresh = (code: string) => kept.after([Buffer.from(code)], digests).digest('hex');
  assert.equal(fresh('code one'), before);
  const other = fresh('code two');
  assert.notEqual(other, before);
  assert.equal(other, new PageDigestsHash().after([Buffer.from('code two')], digests).digest('hex'));
});

test('the entry file is named by the indexing code, the pages\' digests, the sections after them and the synonyms, texts in UTF-8', () => {
  // Written out here as the bytes the name digests, so that a change to how any part is hashed (the
  // sections after the pages are kept as bytes between saves) shows as another name.
  const sections: SearchSection[] = [
    { title: 'Café tags', heading: '', page: '', text: 'Œuvres — 画像 生成 🎨', tags: '', pageTitle: 'Café tags', url: '/docs/tags/café/' },
    { title: '', heading: 'Straße', page: 'Café tags', text: 'naïve résumé', tags: '', pageTitle: 'Café tags', url: '/docs/tags/café/#straße' },
  ];
  const aliases = { 'café': ['coffee'] };
  const digests = Array.from({ length: 1200 }, (_, index) => digest(index));
  const expected = createHash('sha256');
  for (const path of INDEXING_SOURCES) expected.update(readFileSync(join(ROOT, path)));
  expected.update(digests.join('')).update(JSON.stringify(sections)).update('\0').update(JSON.stringify(aliases));
  const name = `search-index.${expected.digest('hex').slice(0, 10)}.json`;
  assert.equal(indexEntryName(ROOT, digests, sections, aliases), name, 'a production build');
  const kept = new PageDigestsHash();
  assert.equal(indexEntryName(ROOT, digests, sections, aliases, kept), name, 'npm start, first save');
  assert.equal(indexEntryName(ROOT, digests, sections, aliases, kept), name, 'npm start, the sections\' bytes kept');
});
