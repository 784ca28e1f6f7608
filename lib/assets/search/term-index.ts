// The inverted index of the search, built with plain Maps. It is exactly what MiniSearch's
// toJSON() gives for the same documents and settings, as JSON text (a unit test holds the two equal), without
// MiniSearch's radix tree, which the build never queries: on 10,000 pages adding the sections to
// MiniSearch took most of the build's time, while these Maps take a fraction of it.
import { SEARCH_FIELDS, processTerm, tokenize } from '../../../common/search.ts';
import type { SearchSection } from './sections.ts';

export interface TermIndex {
  documentCount: number;
  /** Per field, the mean number of distinct words (MiniSearch's running mean, to the same bits). */
  averageFieldLength: number[];
  /** Per section, per field, the number of distinct words. */
  fieldLength: number[][];
  /**
   * Each term's entry (term → field id → section id → occurrences) as its JSON text, sorted by
   * term: the index files are made of these texts, so no object with thousands of numeric keys is
   * ever built or serialised.
   */
  terms: { term: string; json: string }[];
}

export function indexSections(sections: SearchSection[]): TermIndex {
  // Each distinct word is processed once: word → term number (-1: not indexed, a stop word).
  const wordTerms = new Map<string, number>();
  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  // Per term, per field: section ids and counts, interleaved ([id, count, id, count, …]).
  const postings: number[][][] = [];
  const averageFieldLength: number[] = [];
  const fieldLength: number[][] = [];
  const counts = new Map<number, number>();
  sections.forEach((section, id) => {
    const lengths: number[] = [];
    SEARCH_FIELDS.forEach((field, fieldId) => {
      const tokens = tokenizeFast(section[field] ?? '');
      const length = new Set(tokens).size;
      lengths[fieldId] = length;
      // MiniSearch keeps a running mean, (mean × count + length) / (count + 1); the same
      // arithmetic gives the same floating-point result.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * id + length) / (id + 1);
      counts.clear();
      for (const token of tokens) {
        let termId = wordTerms.get(token);
        if (termId === undefined) {
          const term = processTerm(token);
          termId = term === null ? -1 : termIds.get(term);
          if (termId === undefined && term !== null) {
            termId = termNames.length;
            termNames.push(term);
            postings.push([]);
            termIds.set(term, termId);
          }
          termId ??= -1;
          wordTerms.set(token, termId);
        }
        if (termId >= 0) counts.set(termId, (counts.get(termId) ?? 0) + 1);
      }
      for (const [termId, count] of counts) {
        const byField = postings[termId] ?? [];
        (byField[fieldId] ??= []).push(id, count);
      }
    });
    fieldLength.push(lengths);
  });
  const order = termNames.map((_, termId) => termId).sort((a, b) => {
    const x = termNames[a] ?? '';
    const y = termNames[b] ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const terms = order.map((termId) => {
    const term = termNames[termId] ?? '';
    const fields: string[] = [];
    // Field ids ascending and, since sections are added in id order, section ids ascending: the
    // order in which JSON.stringify writes an object's integer keys.
    (postings[termId] ?? []).forEach((pairs, fieldId) => {
      const docs: string[] = [];
      for (let i = 0; i < pairs.length; i += 2) docs.push(`"${pairs[i]}":${pairs[i + 1]}`);
      fields.push(`"${fieldId}":{${docs.join(',')}}`);
    });
    return { term, json: `[${JSON.stringify(term)},{${fields.join(',')}}]` };
  });
  return { documentCount: sections.length, averageFieldLength, fieldLength, terms };
}

/**
 * tokenize() of common/search.ts, with a fast path: in ASCII text the Unicode classes it splits on
 * are plain ranges, and a non-Unicode expression splits several times faster.
 */
function tokenizeFast(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.split(/[^A-Za-z0-9_]+/).filter(Boolean) : tokenize(text);
}
