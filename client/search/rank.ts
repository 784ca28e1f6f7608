// Ranks pages, not sections: each page is found once, at its best section, and scored by how much of
// the query it answers anywhere on it and how well. No DOM: the tests and the benchmark run it in Node.

/** A section's score for one query group and the indexed words it matched. */
export interface SectionMatch {
  score: number;
  terms: string[];
}

export interface RankedPage {
  /** The section the result points to: the page's best-matching one. */
  section: number;
  score: number;
  /** Indexed words the page matched, for highlighting. */
  terms: string[];
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
const COVERAGE_POWER = 2;

/**
 * `groups[g]` holds, per section id, its match for query group g; `pageOf` gives a section's page.
 * Pages best first, ties in site order.
 *
 * Each group counts by how rare it is among the pages found (a word most pages have tells little;
 * a word no page has does not count at all), both in the scores and in the share of the query a
 * page covers: so a frequent word in a page's title cannot outweigh the rarer word the question
 * is about.
 */
export function rankPages(groups: Map<number, SectionMatch>[], pageOf: (section: number) => number): RankedPage[] {
  const pagesWith = groups.map((matches) => new Set([...matches.keys()].map(pageOf)).size);
  const pageCount = new Set(groups.flatMap((matches) => [...matches.keys()].map(pageOf))).size;
  const worth = pagesWith.map((count) => (count === 0 ? 0 : Math.log(1 + pageCount / count)));
  const whole = worth.reduce((sum, value) => sum + value, 0);

  // Per section, per group: its score weighted by the group's worth.
  const sections = new Map<number, { perGroup: number[]; terms: Set<string> }>();
  groups.forEach((matches, g) => {
    for (const [id, match] of matches) {
      let section = sections.get(id);
      if (!section) sections.set(id, section = { perGroup: groups.map(() => 0), terms: new Set() });
      section.perGroup[g] = match.score * (worth[g] ?? 0);
      for (const term of match.terms) section.terms.add(term);
    }
  });

  const pages = new Map<number, { best: number; bestScore: number; perGroup: number[]; terms: Set<string> }>();
  for (const [id, section] of [...sections].sort(([a], [b]) => a - b)) {
    const total = section.perGroup.reduce((sum, score) => sum + score, 0);
    const pageId = pageOf(id);
    let page = pages.get(pageId);
    if (!page) pages.set(pageId, page = { best: id, bestScore: -1, perGroup: groups.map(() => 0), terms: new Set() });
    // Strictly better: on a tie the earlier section (the page's top) wins.
    if (total > page.bestScore) Object.assign(page, { best: id, bestScore: total });
    section.perGroup.forEach((score, g) => {
      page.perGroup[g] = Math.max(page.perGroup[g] ?? 0, score);
    });
    for (const term of section.terms) page.terms.add(term);
  }

  const ranked = [...pages].map(([pageId, page]) => {
    const covered = page.perGroup.reduce((sum, score, g) => sum + (score > 0 ? (worth[g] ?? 0) : 0), 0);
    const evidence = page.perGroup.reduce((sum, score) => sum + score, 0);
    const relevance = BEST_SECTION_SHARE * page.bestScore + (1 - BEST_SECTION_SHARE) * evidence;
    return { pageId, section: page.best, score: relevance * (whole > 0 ? covered / whole : 1) ** COVERAGE_POWER, terms: [...page.terms] };
  });
  ranked.sort((a, b) => b.score - a.score || a.pageId - b.pageId);
  return ranked.map(({ section, score, terms }) => ({ section, score, terms }));
}
