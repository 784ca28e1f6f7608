// Ranks pages, not sections: each page is found once, at its best section, and scored by how much of
// the query it answers anywhere on it and how well. No DOM: the tests and the benchmark run it in Node.

/** A section's score for one query group and the indexed words it matched. */
export interface SectionMatch {
  score: number;
  terms: string[];
  /** Whether the match is in a field that says what the section is about, not only in its body text. */
  strong: boolean;
}

export interface RankedPage {
  page: number;
  /** The section the result points to: the page's best-matching one. */
  section: number;
  score: number;
}

/**
 * How a page's best section and the page as a whole mix: the best section matters (the result
 * points to it), but a page that answers one word in its title and another in a section answers
 * the query too.
 */
const BEST_SECTION_SHARE = 0.5;
/**
 * A page's score is multiplied by the share of the query it covers, to this power: pages with
 * every word come first, and when none has them all, those with most of them.
 */
const COVERAGE_POWER = 1;
/**
 * A page covers a word fully when its best match on the word scores at least this share of the
 * best match any page has; below, in proportion: a word found once in passing in a long body text
 * covers less of the query than the same word in a title, a heading or a paragraph about it.
 */
const FULL_MATCH_SHARE = 0.4;
/**
 * What a word counts when no page has it in a title, heading, description, keywords or tags, only
 * in body text: it is the reader's phrasing ("fewer", "save") more than a subject of the docs, so
 * the few pages that happen to use it must not outrank those that answer the rest of the question.
 */
const BODY_ONLY_WORTH = 0.5;

interface PageTally {
  best: number;
  bestScore: number;
  /** Per group, the best weighted score of any of the page's sections. */
  perGroup: Float64Array;
}

/**
 * `groups[g]` holds, per section id, its match for query group g; `pageOf` gives a section's page;
 * `shares[g]` the part of a query word group g is (QueryGroup.share, 1 when absent); `titled` the
 * pages whose title is the query. Pages best first (titled pages before all others), ties in site
 * order.
 *
 * Each group counts by how rare it is among the pages found (a word most pages have tells little;
 * a word no page has does not count at all), both in the scores and in the share of the query a
 * page covers: so a frequent word in a page's title cannot outweigh the rarer word the question
 * is about. A section's own score is multiplied by the square of the share of the query it
 * covers, so a heading and its text that answer several words together beat a part that has one.
 * A page covers a word in proportion to how well it matches it (FULL_MATCH_SHARE).
 */
export function rankPages(groups: Map<number, SectionMatch>[], pageOf: (section: number) => number, shares: number[] = [],
  titled: ReadonlySet<number> = new Set()): RankedPage[] {
  const count = groups.length;
  const pagesWith = groups.map((matches) => {
    const seen = new Set<number>();
    for (const id of matches.keys()) seen.add(pageOf(id));
    return seen.size;
  });
  const allPages = new Set<number>();
  for (const matches of groups) for (const id of matches.keys()) allPages.add(pageOf(id));
  const worth = pagesWith.map((found, g) => {
    if (found === 0) return 0;
    const strong = [...(groups[g]?.values() ?? [])].some((match) => match.strong);
    return Math.log(1 + allPages.size / found) * (strong ? 1 : BODY_ONLY_WORTH) * (shares[g] ?? 1);
  });
  const whole = worth.reduce((sum, value) => sum + value, 0);

  // Per section: the sum over groups of its weighted scores and of the worth of the groups it has.
  const sectionTotals = new Map<number, number>();
  const sectionCovers = new Map<number, number>();
  const pages = new Map<number, PageTally>();
  groups.forEach((matches, g) => {
    const weight = worth[g] ?? 0;
    for (const [id, match] of matches) {
      const score = match.score * weight;
      sectionTotals.set(id, (sectionTotals.get(id) ?? 0) + score);
      sectionCovers.set(id, (sectionCovers.get(id) ?? 0) + weight);
      const pageId = pageOf(id);
      let page = pages.get(pageId);
      if (!page) pages.set(pageId, page = { best: id, bestScore: -1, perGroup: new Float64Array(count) });
      if (score > (page.perGroup[g] ?? 0)) page.perGroup[g] = score;
    }
  });
  for (const [id, sum] of sectionTotals) {
    // How well the section answers on its own: its scores, times the share of the query it has
    // (squared: the words of a question found together are worth more than found apart).
    const total = whole > 0 ? sum * ((sectionCovers.get(id) ?? 0) / whole) ** 2 : sum;
    const page = pages.get(pageOf(id));
    // On a tie the earlier section (the page's top) wins.
    if (page && (total > page.bestScore || (total === page.bestScore && id < page.best))) {
      page.best = id;
      page.bestScore = total;
    }
  }

  // Per group, the best score any page has for it: what a full match on the word looks like here.
  const tops = new Float64Array(count);
  for (const page of pages.values()) {
    page.perGroup.forEach((score, g) => {
      if (score > (tops[g] ?? 0)) tops[g] = score;
    });
  }
  const ranked: RankedPage[] = [];
  for (const [pageId, page] of pages) {
    let covered = 0;
    let evidence = 0;
    page.perGroup.forEach((score, g) => {
      if (score > 0) covered += (worth[g] ?? 0) * Math.min(1, score / (FULL_MATCH_SHARE * (tops[g] ?? score)));
      evidence += score;
    });
    const relevance = BEST_SECTION_SHARE * page.bestScore + (1 - BEST_SECTION_SHARE) * evidence;
    ranked.push({ page: pageId, section: page.best, score: relevance * (whole > 0 ? covered / whole : 1) ** COVERAGE_POWER });
  }
  // A page whose title is the query comes first, however much longer pages say about its words.
  return ranked.sort((a, b) => Number(titled.has(b.page)) - Number(titled.has(a.page)) || b.score - a.score || a.page - b.page);
}
