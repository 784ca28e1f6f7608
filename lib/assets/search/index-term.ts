// Search index: one term's postings as numbers, field by field, the form in which the indexer's
// terms go from its runs (lib/assets/search/term-runs.ts) to the index files. They were text (each
// posting `"id":count`, as the index's JSON writes it) from the run files to the shards, where they
// were scanned back into numbers: on a large site most postings go to shards, so they were written
// out and read back as text for nothing.
import { SEARCH_FIELDS } from '../../../common/search.ts';
import { grown } from './int-arrays.ts';

export const FIELD_COUNT = SEARCH_FIELDS.length;

/**
 * A term and its postings: field f's are [starts[f], starts[f + 1]) of ids (section ids, ascending)
 * and counts (the term's occurrences there). Whoever fills one reuses it from term to term, so a
 * large site's common words do not leave arrays of hundreds of thousands of postings behind them:
 * valid until its maker's next term, unless copied.
 */
export class IndexTerm {
  term = '';
  readonly starts = new Int32Array(FIELD_COUNT + 1);
  ids: Int32Array<ArrayBuffer>;
  counts: Int32Array<ArrayBuffer>;

  /** Room for 1,024 postings to start with; a copy is made with its own, of its size (the small site's index copies every term). */
  constructor(ids = new Int32Array(1024), counts = new Int32Array(1024)) {
    this.ids = ids;
    this.counts = counts;
  }

  /** Postings in all fields. */
  get size(): number {
    return this.starts[FIELD_COUNT] as number;
  }

  /** Empty, for `term`. */
  reset(term: string): void {
    this.term = term;
    this.starts.fill(0);
  }

  /**
   * Where `more` postings go at the end of field `field`, which then ends after them: the arrays
   * (read them after this call) are grown when they lack the room. Fields are filled in ascending
   * order, each by as many calls as it takes (a run's postings after another's).
   */
  add(field: number, more: number): number {
    const at = this.starts[field + 1] as number;
    if (at + more > this.ids.length) {
      this.ids = grown(this.ids, at + more);
      this.counts = grown(this.counts, at + more);
    }
    this.starts.fill(at + more, field + 1);
    return at;
  }

  /** A copy that does not change when this one is refilled. */
  copy(): IndexTerm {
    const copy = new IndexTerm(this.ids.slice(0, this.size), this.counts.slice(0, this.size));
    copy.term = this.term;
    copy.starts.set(this.starts);
    return copy;
  }

  /**
   * The term's entry as MiniSearch's JSON writes it (`[term,{"field":{"id":count,…},…}]`), fields
   * ascending and ids ascending: the order in which JSON.stringify writes an object's integer keys.
   */
  json(): string {
    const fields: string[] = [];
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const start = this.starts[field] as number;
      const end = this.starts[field + 1] as number;
      if (start === end) continue;
      const postings: string[] = [];
      for (let at = start; at < end; at += 1) postings.push(`"${this.ids[at]}":${this.counts[at]}`);
      fields.push(`"${field}":{${postings.join(',')}}`);
    }
    return `[${JSON.stringify(this.term)},{${fields.join(',')}}]`;
  }
}
