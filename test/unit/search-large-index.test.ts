// A large site's search index (a generated 2,000-page site, with the build's own limits): a first
// query downloads a bounded amount, whatever the site's size, and loading only the best-weighted
// sections of its common words gives the results of the whole index.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { generateCorpus, vocabulary } from '../../bench/corpus.ts';
import { BENCH_QUERIES, corpusSections, indexInMemory } from '../../bench/search-figures.ts';
import { SearchEngine } from '../../client/search/engine.ts';
import type { SearchManifest } from '../../common/search.ts';
import { ROOT } from '../helpers/site.ts';

const sections = corpusSections(generateCorpus(2000, vocabulary(join(ROOT, 'content/docs'))));
const { built, files } = indexInMemory(sections);
const read = (url: string) => {
  const text = files.get(url);
  if (text === undefined) throw new Error(`missing ${url}`);
  return text;
};

/** A first query's files, as a reader's browser fetches them. */
async function firstQuery(query: string): Promise<{ urls: string[]; gzipBytes: number; pages: string[] }> {
  const urls: string[] = [];
  const engine = await SearchEngine.open(built.url, async (url) => {
    urls.push(url);
    return JSON.parse(read(url)) as unknown;
  });
  const { hits } = await engine.search(query, 8);
  return { urls, gzipBytes: urls.reduce((sum, url) => sum + gzipSync(read(url), { level: 9 }).length, 0), pages: hits.map((hit) => hit.url.replace(/#.*/, '')) };
}

test('a large index: a small manifest, no file of every section, and a first query under 110 KB gzipped', async () => {
  const manifestText = read(built.url);
  const manifest = JSON.parse(manifestText) as SearchManifest;
  assert.equal(manifest.documentCount, sections.length);
  assert.equal(manifest.pages, undefined, 'no list of every page');
  assert.equal(manifest.lengthsUrl, undefined, 'no file of every section\'s lengths');
  assert.ok(manifest.termTables && manifest.docTables, 'shards listed in tables');
  assert.ok(manifestText.length < 12_000, `manifest ${manifestText.length} bytes`);
  assert.ok(files.size > 300, `${files.size} files`);
  for (const query of BENCH_QUERIES) {
    const { urls, gzipBytes } = await firstQuery(query);
    // Without the search code: what the index costs.
    assert.ok(gzipBytes <= 110 * 1024, `${query}: ${gzipBytes} bytes in ${urls.length} files`);
    assert.ok(urls.length <= 20, `${query}: ${urls.length} files`);
  }
});

test('common words\' best-weighted sections give the whole index\'s top pages: the same for one word, 7 of 8 for two', async () => {
  const tails = [...files.keys()].filter((url) => url.includes('search-postings'));
  assert.ok(tails.length > 10, `${tails.length} tail files: common words are cut`);
  for (const query of BENCH_QUERIES) {
    const { urls, pages } = await firstQuery(query);
    assert.ok(!urls.some((url) => tails.includes(url)), `${query}: a first query loads no tail`);
    // A fresh engine: one that has answered other queries knows their words too (typos, prefixes).
    const whole = await SearchEngine.open(built.url, async (url) => JSON.parse(read(url)) as unknown, { allPostings: true });
    const expected = (await whole.search(query, 8)).hits.map((hit) => hit.url.replace(/#.*/, ''));
    if (query.includes(' ')) {
      const shared = pages.filter((page) => expected.includes(page)).length;
      assert.ok(shared >= 7, `${query}: ${shared} of 8 pages shared with the whole index's`);
    } else {
      assert.deepEqual(pages, expected, query);
    }
  }
});
