// Reads the sharded index's postings (ShardTerm, common/search.ts) into what MiniSearch loads, and
// keeps what a large site's say of each section: its field lengths (for BM25) and the top section of
// its page (search ranks pages). No DOM: the tests and the benchmark run it in Node.
import MiniSearch from 'minisearch';
import { SEARCH_FIELDS, type TermEntry, type TermPostings } from '../../common/search.ts';

/** What the loaded postings say of the sections they hold. */
export class Sections {
  /** Per section id: its field lengths (those of fields it was loaded with; others 0). */
  readonly lengths = new Map<number, number[]>();
  /** Per section id: its page's top section. */
  readonly tops = new Map<number, number>();

  /** Postings with `numbers` numbers each (postingNumbers), whose sections' facts are noted when they hold them. */
  constructor(private readonly numbers: number) {}

  /**
   * Postings as MiniSearch's index entry holds them (field id → section id → count), added to
   * `entry` (a word's head and tails make one), noting their sections.
   */
  read(postings: TermPostings, entry: TermEntry[1] = {}): TermEntry[1] {
    const step = this.numbers;
    for (const [field, numbers] of Object.entries(postings)) {
      const docs = (entry[field] ??= {});
      let id = 0;
      for (let at = 0; at + step <= numbers.length; at += step) {
        id += numbers[at] ?? 0;
        docs[id] = numbers[at + 1] ?? 0;
        if (step < 4) continue;
        let lengths = this.lengths.get(id);
        if (!lengths) this.lengths.set(id, lengths = SEARCH_FIELDS.map(() => 0));
        lengths[Number(field)] = numbers[at + 2] ?? 0;
        this.tops.set(id, id - (numbers[at + 3] ?? 0));
      }
    }
    return entry;
  }
}

/**
 * Gives the words loaded with only their head the document frequency of all their sections, so that
 * BM25 weighs them as a full load would. MiniSearch reads a word's document frequency in a field as
 * the size of its map of the field's postings, and has no setting for it: after loading, the map's
 * size is made the word's full count.
 */
export function withFullCounts(engine: MiniSearch, counts: Map<string, Record<string, number>>): void {
  const index = (engine as unknown as { _index: Map<string, Map<number, Map<number, number>>> })._index;
  for (const [term, byField] of counts) {
    const data = index.get(term);
    if (!data) continue;
    for (const [field, count] of Object.entries(byField)) {
      // An own property hides Map's size getter; Map's methods do not read it.
      const postings = data.get(Number(field));
      if (postings) Object.defineProperty(postings, 'size', { value: count });
    }
  }
}
