// Relevance figures of the search over a question set (bench/search-questions.ts): for each question
// the rank of the first result on a page that answers it, then top-1, top-3 and the mean reciprocal
// rank. Used by `npm run bench:search` and by test/unit/search-relevance.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SearchEngine } from '../client/search/engine.ts';
import type { RelevanceQuestion } from './search-questions.ts';

/** Results looked at per question: a right page further down counts as not found. */
export const RELEVANCE_DEPTH = 10;

export interface RelevanceFigures {
  questions: number;
  /** Share of questions (0–1) whose first result is on a right page. */
  top1: number;
  /** Share of questions whose first three results hold a right page. */
  top3: number;
  /** Mean of 1 / rank (0 when no right page is in the first RELEVANCE_DEPTH results). */
  mrr: number;
  /** Per question: the rank of the first right result (0: not found) and the result pages. */
  ranks: { query: string; rank: number; pages: string[] }[];
}

/** The search engine of a built site, reading its index files from disk. */
export async function builtSiteEngine(distDir: string): Promise<SearchEngine> {
  const indexUrl = /data-search-index="([^"]+)"/.exec(readFileSync(join(distDir, 'index.html'), 'utf8'))?.[1];
  if (!indexUrl) throw new Error('The home page links no search index.');
  const folder = join(distDir, 'assets', 'search');
  const known = new Set(readdirSync(folder));
  return SearchEngine.open(indexUrl, async (url) => {
    const name = url.slice(url.lastIndexOf('/') + 1);
    if (!known.has(name)) throw new Error(`The search fetched ${url}, which the build did not write.`);
    return JSON.parse(readFileSync(join(folder, name), 'utf8')) as unknown;
  });
}

export async function measureRelevance(engine: SearchEngine, questions: RelevanceQuestion[]): Promise<RelevanceFigures> {
  const ranks: RelevanceFigures['ranks'] = [];
  for (const { query, answers } of questions) {
    const { hits } = await engine.search(query, RELEVANCE_DEPTH);
    const pages = hits.map((hit) => hit.url.replace(/#.*$/, ''));
    const index = pages.findIndex((page) => answers.includes(page));
    ranks.push({ query, rank: index + 1, pages });
  }
  const share = (test: (rank: number) => boolean) => ranks.filter(({ rank }) => test(rank)).length / ranks.length;
  return {
    questions: ranks.length,
    top1: share((rank) => rank === 1),
    top3: share((rank) => rank >= 1 && rank <= 3),
    mrr: ranks.reduce((sum, { rank }) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length,
    ranks,
  };
}

/** One line of figures, as the benchmark prints them. */
export function relevanceLine(figures: RelevanceFigures): string {
  const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
  return `${figures.questions} questions: top-1 ${percent(figures.top1)}, top-3 ${percent(figures.top3)}, MRR ${figures.mrr.toFixed(3)}`;
}
