// Search figures: what a reader's first query downloads (gzipped, search code included) and how long
// a query takes, for the real site and for a generated large site. Used by `npm run bench:search`
// and by the tests that hold the budgets.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SearchEngine } from '../client/search/engine.ts';
import { buildSearchIndex, type BuiltSearchIndex } from '../lib/assets/search/build-index.ts';
import type { SearchSection } from '../lib/assets/search/sections.ts';
import type { CorpusPage } from './corpus.ts';
import { median } from './median.ts';

/** The queries every figure is measured over: short, long, multi-word, typo, no match. */
export const BENCH_QUERIES = ['lora', 'outpainting', 'webhook', 'callback', 'delete tune', 'inpainting mask', 'prompt', 'faceid', 'tiled upscale', 'negative prompt', 'backend', 'outpaintng', 'zzzzqx'];

export interface FirstQuery {
  query: string;
  files: number;
  gzipBytes: number;
}

export interface SearchFigures {
  /** Files of the index: count, largest raw size, total gzipped size. */
  indexFiles: number;
  largestFileBytes: number;
  indexGzipBytes: number;
  /** Per query, from a fresh page: index files fetched plus the search code. */
  firstQueries: FirstQuery[];
  medianQueryMs: number;
}

const gzipCache = new Map<string, number>();
function gzipSize(text: string): number {
  let size = gzipCache.get(text);
  if (size === undefined) {
    size = gzipSync(text, { level: 9 }).length;
    gzipCache.set(text, size);
  }
  return size;
}

export async function measureSearch(indexUrl: string, files: Map<string, string>, codeGzipBytes: number, queries = BENCH_QUERIES): Promise<SearchFigures> {
  const read = (url: string) => {
    const text = files.get(url);
    if (text === undefined) throw new Error(`The search fetched ${url}, which the build did not write.`);
    return text;
  };
  const firstQueries: FirstQuery[] = [];
  for (const query of queries) {
    const fetched = new Set<string>();
    const engine = await SearchEngine.open(indexUrl, async (url) => {
      fetched.add(url);
      return JSON.parse(read(url)) as unknown;
    });
    await engine.search(query, 8);
    let gzipBytes = codeGzipBytes;
    for (const url of fetched) gzipBytes += gzipSize(read(url));
    firstQueries.push({ query, files: fetched.size, gzipBytes });
  }
  // Warm: every shard loaded once, as after a few queries; then time each query several times.
  const engine = await SearchEngine.open(indexUrl, async (url) => JSON.parse(read(url)) as unknown);
  for (const query of queries) await engine.search(query, 8);
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      await engine.search(query, 8);
      times.push(performance.now() - start);
    }
  }
  const sizes = [...files.values()];
  return {
    indexFiles: files.size,
    largestFileBytes: Math.max(...sizes.map((text) => text.length)),
    indexGzipBytes: sizes.reduce((sum, text) => sum + gzipSize(text), 0),
    firstQueries,
    medianQueryMs: median(times),
  };
}

export interface HeadsAgainstWhole {
  query: string;
  /** Pages of the first query's top 8 that the whole index's top 8 has too, and how many it has. */
  shared: number;
  of: number;
  sameOrder: boolean;
}

/**
 * A first query loads only the best-weighted sections of a common word (its head): how far its top
 * pages are from those of the whole index (every section of every word loaded).
 */
export async function headsAgainstWhole(indexUrl: string, files: Map<string, string>, queries = BENCH_QUERIES, limit = 8): Promise<HeadsAgainstWhole[]> {
  const fetchJson = async (url: string) => JSON.parse(files.get(url) ?? 'null') as unknown;
  const pagesOf = (hits: { url: string }[]) => hits.map((hit) => hit.url.replace(/#.*/, ''));
  const results: HeadsAgainstWhole[] = [];
  for (const query of queries) {
    // Both fresh: an engine that has answered other queries knows their words too (typos, prefixes).
    const heads = pagesOf((await (await SearchEngine.open(indexUrl, fetchJson)).search(query, limit)).hits);
    const expected = pagesOf((await (await SearchEngine.open(indexUrl, fetchJson, { allPostings: true })).search(query, limit)).hits);
    results.push({ query, shared: heads.filter((page) => expected.includes(page)).length, of: expected.length, sameOrder: heads.join() === expected.join() });
  }
  return results;
}

/** The sections the build would index for a generated page (code left out, as the build does). */
export function corpusSections(pages: CorpusPage[]): SearchSection[] {
  return pages.flatMap((page) => {
    const url = `/docs/${page.path}/`;
    const top: SearchSection = { title: page.title, heading: '', page: '', text: page.intro, tags: page.tags.join(' '), pageTitle: page.title, url };
    return [top, ...page.sections.map((section, i) => ({
      title: '', heading: section.heading, page: page.title, tags: '', pageTitle: page.title, url: `${url}#s${i}`,
      text: [...section.paragraphs, ...section.list, ...(section.table ?? []).flat()].join(' '),
    }))];
  });
}

/** Builds an index in memory: URL → content, as the build would write it. */
export function indexInMemory(sections: SearchSection[]): { built: BuiltSearchIndex; files: Map<string, string> } {
  const files = new Map<string, string>();
  let counter = 0;
  const built = buildSearchIndex(sections, (name, content) => {
    const url = `/assets/search/${name.replace('.json', '')}.${counter++}.json`;
    files.set(url, content);
    return url;
  });
  return { built, files };
}

/** The search figures of a built site: its search code (gzipped) and its index as readers load it. */
export async function builtSiteSearch(distDir: string): Promise<{ codeGzipBytes: number; figures: SearchFigures }> {
  const assets = join(distDir, 'assets');
  const searchCode = readdirSync(join(assets, 'js')).find((name) => name.startsWith('search.'));
  if (!searchCode) throw new Error('The build wrote no search module.');
  const codeGzipBytes = gzipSync(readFileSync(join(assets, 'js', searchCode)), { level: 9 }).length;
  const files = new Map(readdirSync(join(assets, 'search')).map((name) => [`/assets/search/${name}`, readFileSync(join(assets, 'search', name), 'utf8')]));
  const indexUrl = /data-search-index="([^"]+)"/.exec(readFileSync(join(distDir, 'index.html'), 'utf8'))?.[1];
  if (!indexUrl) throw new Error('The home page links no search index.');
  return { codeGzipBytes, figures: await measureSearch(indexUrl, files, codeGzipBytes) };
}
