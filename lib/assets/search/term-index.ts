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
   * ever built or serialised. Made one at a time as they are read, once: a large site's index is
   * written shard by shard, so its text is never held whole (lib/assets/search/build-index.ts).
   */
  terms: Iterable<TermText>;
}

export interface TermText {
  term: string;
  json: string;
}

/**
 * A posting, a section id and the term's count in it, as one number: id × 2^29 + count. A count is
 * below 2^29 (no string is longer) and ids stay below 2^24 (MAX_SECTIONS), so the number is an exact
 * integer; V8 stores an array of such numbers unboxed, 8 bytes a posting, half of the id and count
 * apart, which on a large site is the biggest part of the index's memory.
 */
const COUNT_SPAN = 2 ** 29;
/** More sections than a posting can number (some 16 million: far beyond any documentation site). */
export const MAX_SECTIONS = 2 ** 24;

function posting(id: number, count: number): number {
  return id * COUNT_SPAN + count;
}

/**
 * The inverted index, fed one section at a time: what it keeps is the postings (numbers) and each
 * section's field lengths, never the sections' text, so a large site's sections need not all be
 * held at once.
 */
export class TermIndexer {
  // Each distinct word is processed once: word → term number (-1: not indexed, a stop word).
  private readonly wordTerms = new Map<string, number>();
  private readonly termIds = new Map<string, number>();
  private readonly termNames: string[] = [];
  private readonly postings: number[][][] = [];
  private readonly fieldLength: number[][] = [];
  private readonly counts = new Map<number, number>();

  get documentCount(): number {
    return this.fieldLength.length;
  }

  add(section: SearchSection): void {
    const id = this.fieldLength.length;
    if (id >= MAX_SECTIONS) throw new Error(`The search index takes at most ${MAX_SECTIONS} sections; this site has more.`);
    const lengths: number[] = [];
    const { counts } = this;
    SEARCH_FIELDS.forEach((field, fieldId) => {
      const tokens = tokenizeFast(section[field] ?? '');
      lengths[fieldId] = new Set(tokens).size;
      counts.clear();
      for (const token of tokens) {
        let termId = this.wordTerms.get(token);
        if (termId === undefined) {
          const term = processTerm(token);
          termId = term === null ? -1 : this.termId(term);
          this.wordTerms.set(token, termId);
        }
        if (termId >= 0) counts.set(termId, (counts.get(termId) ?? 0) + 1);
      }
      for (const [termId, count] of counts) {
        const byField = this.postings[termId] ?? [];
        (byField[fieldId] ??= []).push(posting(id, count));
      }
    });
    this.fieldLength.push(lengths);
  }

  /**
   * The index, once every section is in. Its terms are read once, in order: each term's postings
   * are let go as its text is made, so the numbers and the text are not both held whole.
   */
  finish(): TermIndex {
    const { termNames, postings, fieldLength } = this;
    // MiniSearch keeps a running mean, (mean × count + length) / (count + 1), as sections are
    // added; the same arithmetic in the same order gives the same floating-point result.
    const averageFieldLength: number[] = [];
    fieldLength.forEach((lengths, id) => {
      SEARCH_FIELDS.forEach((_field, fieldId) => {
        averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * id + (lengths[fieldId] ?? 0)) / (id + 1);
      });
    });
    const order = termNames.map((_, termId) => termId).sort((a, b) => {
      const x = termNames[a] ?? '';
      const y = termNames[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
    function* terms(): Generator<TermText> {
      for (const termId of order) {
        const term = termNames[termId] ?? '';
        const fields: string[] = [];
        // Field ids ascending and, since sections are added in id order, section ids ascending: the
        // order in which JSON.stringify writes an object's integer keys.
        (postings[termId] ?? []).forEach((values, fieldId) => {
          const docs: string[] = [];
          for (const value of values) docs.push(`"${Math.floor(value / COUNT_SPAN)}":${value % COUNT_SPAN}`);
          fields.push(`"${fieldId}":{${docs.join(',')}}`);
        });
        postings[termId] = [];
        yield { term, json: `[${JSON.stringify(term)},{${fields.join(',')}}]` };
      }
    }
    return { documentCount: fieldLength.length, averageFieldLength, fieldLength, terms: terms() };
  }

  private termId(term: string): number {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termNames.length;
      this.termNames.push(term);
      this.postings.push([]);
      this.termIds.set(term, termId);
    }
    return termId;
  }
}

export function indexSections(sections: SearchSection[]): TermIndex {
  const indexer = new TermIndexer();
  for (const section of sections) indexer.add(section);
  return indexer.finish();
}

/**
 * tokenize() of common/search.ts, with a fast path: in ASCII text the Unicode classes it splits on
 * are plain ranges, and a non-Unicode expression splits several times faster.
 */
function tokenizeFast(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.split(/[^A-Za-z0-9_]+/).filter(Boolean) : tokenize(text);
}
