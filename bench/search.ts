// `npm run bench:search`: the search figures of the real site and of generated 1,000-, 10,000-
// and 100,000-page sites: index size, what a first query downloads, median query time, how far a first
// query's results (common words' best-weighted sections only) are from the whole index's; and how well the
// real site's search answers a reader's questions (bench/search-questions.ts, and the held-out,
// development and fresh sets).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../lib/pipeline.ts';
import { generateCorpus, vocabulary } from './corpus.ts';
import { EXACT_QUERIES, RELEVANCE_QUESTIONS } from './search-questions.ts';
import { builtSiteEngine, measureRelevance, relevanceLine } from './search-relevance.ts';
import { DEV_QUESTIONS } from './search-questions-dev.ts';
import { DEV3_QUESTIONS } from './search-questions-dev3.ts';
import { FRESH_QUESTIONS } from './search-questions-fresh.ts';
import { FRESH2_QUESTIONS } from './search-questions-fresh2.ts';
import { FRESH3_QUESTIONS } from './search-questions-fresh3.ts';
import { HELD_OUT_QUESTIONS } from './search-questions-held-out.ts';
import { builtSiteSearch, corpusSections, headsAgainstWhole, indexInMemory, measureSearch, type SearchFigures } from './search-figures.ts';

const root = join(import.meta.dirname, '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function print(name: string, figures: SearchFigures, buildMs?: number): void {
  const first = figures.firstQueries.map((q) => q.gzipBytes);
  console.log(`\n${name}`);
  console.log(`  index: ${figures.indexFiles} file(s), ${kb(figures.indexGzipBytes)} gzipped in all, largest file ${kb(figures.largestFileBytes)} raw` +
    `${buildMs === undefined ? '' : `, built in ${buildMs.toFixed(0)} ms`}`);
  console.log(`  first query (index + search code, gzipped): max ${kb(Math.max(...first))}, min ${kb(Math.min(...first))}`);
  for (const q of figures.firstQueries) console.log(`    ${q.query.padEnd(18)} ${String(q.files).padStart(3)} files ${kb(q.gzipBytes).padStart(9)}`);
  console.log(`  median query time (warm): ${figures.medianQueryMs.toFixed(2)} ms`);
}

const out = mkdtempSync(join(tmpdir(), 'search-bench-'));
try {
  await buildSite({ root, outDir: out });
  const { codeGzipBytes: codeGzip, figures } = await builtSiteSearch(out);
  console.log(`search code: ${kb(codeGzip)} gzipped, loaded on first use`);
  print('real site', figures);
  const engine = await builtSiteEngine(out);
  const questions = await measureRelevance(engine, RELEVANCE_QUESTIONS);
  console.log(`  relevance, ${relevanceLine(questions)}`);
  for (const { query, rank } of questions.ranks) if (rank !== 1) console.log(`    ${rank === 0 ? 'not found' : `rank ${rank}`.padEnd(9)}  ${query}`);
  console.log(`  relevance, exact words and typos, ${relevanceLine(await measureRelevance(engine, EXACT_QUERIES))}`);
  const heldOut = await measureRelevance(engine, HELD_OUT_QUESTIONS);
  console.log(`  relevance, held-out questions, ${relevanceLine(heldOut)}`);
  for (const { query, rank } of heldOut.ranks) if (rank !== 1) console.log(`    ${rank === 0 ? 'not found' : `rank ${rank}`.padEnd(9)}  ${query}`);
  // Written from the pages' purpose before their ranking was looked at, to work on the ranking with.
  const dev = await measureRelevance(engine, DEV_QUESTIONS);
  console.log(`  relevance, development questions, ${relevanceLine(dev)}`);
  for (const { query, rank } of dev.ranks) if (rank !== 1) console.log(`    ${rank === 0 ? 'not found' : `rank ${rank}`.padEnd(9)}  ${query}`);
  const dev3 = await measureRelevance(engine, DEV3_QUESTIONS);
  console.log(`  relevance, development questions (third round, five kinds of reader), ${relevanceLine(dev3)}`);
  for (const { query, rank } of dev3.ranks) if (rank !== 1) console.log(`    ${rank === 0 ? 'not found' : `rank ${rank}`.padEnd(9)}  ${query}`);
  // Written by someone who never read the ranking code, the synonyms or the other sets; never tuned
  // to. The issue's bar, the right page in the top three for 9 questions in 10, is read on these.
  const fresh = [
    ['fresh questions (not tuned to)', FRESH_QUESTIONS],
    ['fresh questions, second set (not tuned to)', FRESH2_QUESTIONS],
    ['fresh questions, third set (not tuned to)', FRESH3_QUESTIONS],
  ] as const;
  const freshResults = [];
  for (const [label, set] of fresh) {
    const result = await measureRelevance(engine, set);
    freshResults.push(result);
    console.log(`  relevance, ${label}, ${relevanceLine(result)}`);
  }
  const inTopThree = freshResults.reduce((sum, result) => sum + result.ranks.filter(({ rank }) => rank >= 1 && rank <= 3).length, 0);
  const asked = freshResults.reduce((sum, result) => sum + result.ranks.length, 0);
  console.log(`  relevance, all fresh questions: right page in the top three for ${inTopThree} of ${asked} (${Math.round((100 * inTopThree) / asked)}%)`);

  const words = vocabulary(join(root, 'content/docs'));
  for (const count of [1000, 10000, 100000]) {
    const sections = corpusSections(generateCorpus(count, words));
    const start = performance.now();
    const { built, files: corpusFiles } = indexInMemory(sections);
    const ms = performance.now() - start;
    print(`generated site, ${count} pages (${sections.length} sections)`, await measureSearch(built.url, corpusFiles, codeGzip), ms);
    // Common words' heads only (a first query's) against every section of every word.
    const compared = await headsAgainstWhole(built.url, corpusFiles);
    const same = compared.filter((q) => q.sameOrder).length;
    console.log(`  top 8 pages against the whole index's (common words' best sections only): the same for ${same} of ${compared.length} queries` +
      `${compared.filter((q) => !q.sameOrder).map((q) => `; ${q.query}: ${q.shared} of ${q.of} shared`).join('')}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
