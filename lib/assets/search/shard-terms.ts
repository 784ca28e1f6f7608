// The terms of the sharded index as the browser reads them (ShardTerm, common/search.ts): on a large
// site each posting carries the section's field length and its place on its page, so a query loads
// nothing else to score and group its sections; and a word in many sections keeps in its term shard only
// its best-weighted sections (the head), the rest going to tail files, so that a first query on a
// large site loads the best of a common word's sections instead of all of them.
import { BM25, SEARCH_BOOST, SEARCH_FIELDS, type TermEntry, type TermPostings, type TermTail } from '../../../common/search.ts';
import type { FieldLengths, TermText } from './term-index.ts';

export interface ShardTermsInput {
  documentCount: number;
  averageFieldLength: number[];
  fieldLength: FieldLengths;
  /**
   * Per section id, its place on its page (0: the page's top section); given when the postings
   * carry each section's length and place (no lengths file).
   */
  places: Uint32Array | undefined;
  /** A word's postings above this many bytes are cut into a head of about this size and tails. */
  headBytes: number;
  /** Size of each tail file. */
  tailBytes: number;
  /** Writes a tail file, returns its URL. */
  save: (name: string, content: string) => string;
}

/** A field's postings of a term: section ids ascending, and the term's count in each. */
interface FieldPostings {
  field: number;
  ids: number[];
  counts: number[];
}

/** The boost of each field id, as the browser searches with it. */
const BOOSTS = SEARCH_FIELDS.map((field) => SEARCH_BOOST[field]);

/** A term of the index (MiniSearch's JSON, TermIndexer) as the sharded form's ShardTerm JSON. */
export function shardTerm(entry: TermText, input: ShardTermsInput): TermText {
  const [term, byField] = JSON.parse(entry.json) as TermEntry;
  const fields: FieldPostings[] = [];
  let bytes = 0;
  for (const key of Object.keys(byField)) {
    const docs = byField[key] ?? {};
    const postings: FieldPostings = { field: Number(key), ids: [], counts: [] };
    // Integer keys come in ascending order.
    for (const id in docs) {
      const count = docs[id] ?? 0;
      postings.ids.push(Number(id));
      postings.counts.push(count);
    }
    bytes += postingsBytes(postings, input);
    fields.push(postings);
  }
  if (bytes <= input.headBytes) return { term, json: JSON.stringify([term, encode(fields, input)]) };

  // By section: what the word alone scores there (as the browser's BM25 with the field boosts
  // does), best first; ties in id order, so the cut is the same on every build.
  const { documentCount, averageFieldLength, fieldLength, places } = input;
  const scores = new Map<number, number>();
  const sizes = new Map<number, number>();
  const counts: Record<string, number> = {};
  for (const { field, ids, counts: tf } of fields) {
    counts[field] = ids.length;
    const boost = BOOSTS[field] ?? 1;
    const average = averageFieldLength[field] ?? 0;
    ids.forEach((id, at) => {
      const length = fieldLength.at(id, field);
      scores.set(id, (scores.get(id) ?? 0) + boost * bm25(tf[at] ?? 0, ids.length, documentCount, length, average));
      sizes.set(id, (sizes.get(id) ?? 0) + postingBytes(id, tf[at] ?? 0, length, places?.[id]));
    });
  }
  const ranked = [...scores.keys()].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || a - b);
  // Each section's tier: 0 the head, then the tails in order.
  const tierOf = new Map<number, number>();
  let tier = 0;
  let tierBytes = 0;
  for (const id of ranked) {
    const size = sizes.get(id) ?? 0;
    if (tierBytes > 0 && tierBytes + size > (tier === 0 ? input.headBytes : input.tailBytes)) {
      tier += 1;
      tierBytes = 0;
    }
    tierOf.set(id, tier);
    tierBytes += size;
  }
  const part = (wanted: number) => encode(fields.map(({ field, ids, counts: tf }) => {
    const kept: FieldPostings = { field, ids: [], counts: [] };
    ids.forEach((id, at) => {
      if (tierOf.get(id) !== wanted) return;
      kept.ids.push(id);
      kept.counts.push(tf[at] ?? 0);
    });
    return kept;
  }), input);
  const urls: string[] = [];
  for (let next = 1; next <= tier; next += 1) urls.push(input.save('search-postings.json', JSON.stringify(part(next))));
  const tail: TermTail = { counts, urls };
  return { term, json: JSON.stringify([term, part(0), tail]) };
}

/** Postings as TermPostings: per field, in ascending section id, the numbers of each. */
function encode(fields: FieldPostings[], { fieldLength, places }: ShardTermsInput): TermPostings {
  const encoded: TermPostings = {};
  for (const { field, ids, counts } of fields) {
    if (ids.length === 0) continue;
    const numbers: number[] = [];
    let last = 0;
    ids.forEach((id, at) => {
      numbers.push(id - last, counts[at] ?? 0);
      if (places) numbers.push(fieldLength.at(id, field), places[id] ?? 0);
      last = id;
    });
    encoded[field] = numbers;
  }
  return encoded;
}

/** About the JSON size of a field's postings in TermPostings (ids counted whole: an upper bound). */
function postingsBytes({ field, ids, counts }: FieldPostings, { fieldLength, places }: ShardTermsInput): number {
  let bytes = 0;
  ids.forEach((id, at) => {
    bytes += postingBytes(id, counts[at] ?? 0, places ? fieldLength.at(id, field) : 0, places?.[id]);
  });
  return bytes;
}

/** About the JSON size of a posting: its numbers, a comma each; length and place only with places. */
function postingBytes(id: number, count: number, length: number, place: number | undefined): number {
  return digits(id) + digits(count) + 2 + (place === undefined ? 0 : digits(length) + digits(place) + 2);
}

function digits(value: number): number {
  return value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : String(value).length;
}
/** MiniSearch's BM25+ score of a term in one field of a section. */
function bm25(count: number, matching: number, total: number, length: number, average: number): number {
  const { k, b, d } = BM25;
  const inverse = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return inverse * (d + (count * (k + 1)) / (count + k * (1 - b + (b * length) / average)));
}
