// The terms of the sharded index as the browser reads them (ShardTerm, common/search.ts): on a large
// site each posting carries the section's field length and its place on its page, so a query loads
// nothing else to score and group its sections; and a word in many sections keeps in its term shard only
// its best-weighted sections (the head), the rest going to tail files, so that a first query on a
// large site loads the best of a common word's sections instead of all of them.
import { BM25, SEARCH_BOOST, SEARCH_FIELDS, type TermPostings, type TermTail } from '../../../common/search.ts';
import type { FieldLengths } from './term-index.ts';
import { FIELD_COUNT, type IndexTerm } from './index-term.ts';

/** A term of the index files: the term and its entry's JSON. */
export interface TermText {
  term: string;
  json: string;
}

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

/**
 * A field's postings of a term: section ids ascending, and the term's count in each. The arrays are
 * views of buffers shared from term to term (valid until the next term is read): a large site's
 * common words have hundreds of thousands of postings, and arrays grown by push for each of them
 * made most of the sharding's time go to allocating and collecting.
 */
interface FieldPostings {
  field: number;
  ids: Int32Array;
  counts: Int32Array;
}

/** The boost of each field id, as the browser searches with it. */
const BOOSTS = SEARCH_FIELDS.map((field) => SEARCH_BOOST[field]);

/** A section not met yet in the word's postings (scratchFor's tierOf). */
const UNSEEN = -1;
let scratch = { score: new Float64Array(0), size: new Float64Array(0), tierOf: new Int32Array(0), ranked: new Int32Array(0) };

/**
 * Per section id, a word's score and posting bytes and the tier it goes to: zero and UNSEEN between
 * words; and room for the ids of the sections it is in (`ranked`).
 */
function scratchFor(sections: number): typeof scratch {
  if (scratch.score.length < sections) {
    scratch = { score: new Float64Array(sections), size: new Float64Array(sections), tierOf: new Int32Array(sections).fill(UNSEEN), ranked: new Int32Array(sections) };
  }
  return scratch;
}

/** A term of the index (TermIndexer's) as the sharded form's ShardTerm JSON. */
export function shardTerm(entry: IndexTerm, input: ShardTermsInput): TermText {
  const { term } = entry;
  const fields = fieldPostings(entry);
  let bytes = 0;
  for (const postings of fields) bytes += postingsBytes(postings, input);
  if (bytes <= input.headBytes) return { term, json: JSON.stringify([term, encode(fields, input)]) };

  // By section: what the word alone scores there (as the browser's BM25 with the field boosts
  // does), best first; ties in id order, so the cut is the same on every build. Kept by section id
  // in arrays reused from word to word: Maps of a common word's tens of thousands of sections took
  // most of a large index's build.
  const { documentCount, averageFieldLength, fieldLength, places } = input;
  const { score, size, tierOf, ranked } = scratchFor(documentCount);
  let sections = 0;
  const counts: Record<string, number> = {};
  for (const { field, ids, counts: tf } of fields) {
    counts[field] = ids.length;
    const boost = BOOSTS[field] ?? 1;
    const average = averageFieldLength[field] ?? 0;
    const inverse = inverseFrequency(ids.length, documentCount);
    for (let at = 0; at < ids.length; at += 1) {
      const id = ids[at] as number;
      const count = tf[at] as number;
      const length = fieldLength.at(id, field);
      if (tierOf[id] === UNSEEN) {
        tierOf[id] = 0;
        ranked[sections++] = id;
      }
      score[id] = (score[id] as number) + boost * bm25(inverse, count, length, average);
      size[id] = (size[id] as number) + postingBytes(id, count, length, places?.[id]);
    }
  }
  const order = bestFirst(ranked.subarray(0, sections), score);
  // Each section's tier: 0 the head, then the tails in order.
  let tier = 0;
  let tierBytes = 0;
  for (const id of order) {
    const bytes = size[id] as number;
    if (tierBytes > 0 && tierBytes + bytes > (tier === 0 ? input.headBytes : input.tailBytes)) {
      tier += 1;
      tierBytes = 0;
    }
    tierOf[id] = tier;
    tierBytes += bytes;
  }
  const tiers = byTier(fields, tier + 1, tierOf);
  for (const id of order) {
    score[id] = 0;
    size[id] = 0;
    tierOf[id] = UNSEEN;
  }
  const [head = [], ...rest] = tiers;
  const urls = rest.map((part) => input.save('search-postings.json', JSON.stringify(encode(part, input))));
  const tail: TermTail = { counts, urls };
  return { term, json: JSON.stringify([term, encode(head, input), tail]) };
}

/**
 * The ids by score, highest first, ties in id order: the scores sorted as numbers (natively, without
 * calling back into JavaScript for each comparison, which took a large site's common words the most
 * time), then the ids placed by their score's rank, in id order within one score.
 */
function bestFirst(ranked: Int32Array, score: Float64Array): Int32Array {
  const ids = ranked.sort();
  const values = new Float64Array(ids.length);
  for (let at = 0; at < ids.length; at += 1) values[at] = score[ids[at] as number] as number;
  const sorted = values.slice().sort();
  // The distinct scores, highest first.
  const distinct = new Float64Array(sorted.length);
  let kinds = 0;
  for (let at = sorted.length - 1; at >= 0; at -= 1) {
    const value = sorted[at] as number;
    if (kinds === 0 || distinct[kinds - 1] !== value) distinct[kinds++] = value;
  }
  // Each id's place among the scores, then the ids placed score by score.
  const rank = new Int32Array(ids.length);
  const starts = new Int32Array(kinds + 1);
  for (let at = 0; at < ids.length; at += 1) {
    const value = values[at] as number;
    let low = 0;
    let high = kinds - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((distinct[middle] as number) > value) low = middle + 1;
      else high = middle;
    }
    rank[at] = low;
    (starts[low + 1] as number) += 1;
  }
  for (let kind = 0; kind < kinds; kind += 1) (starts[kind + 1] as number) += starts[kind] as number;
  const order = new Int32Array(ids.length);
  for (let at = 0; at < ids.length; at += 1) order[(starts[rank[at] as number] as number)++] = ids[at] as number;
  return order;
}

/** Each tier's postings, field by field (empty ones kept), ids ascending: one pass over the word's postings. */
function byTier(fields: FieldPostings[], tiers: number, tierOf: Int32Array): FieldPostings[][] {
  // How many postings each tier has in each field, then where each (tier, field) starts.
  const sizes = new Int32Array(tiers * fields.length + 1);
  fields.forEach(({ ids }, part) => {
    for (let at = 0; at < ids.length; at += 1) (sizes[(tierOf[ids[at] as number] as number) * fields.length + part + 1] as number) += 1;
  });
  for (let slot = 1; slot < sizes.length; slot += 1) (sizes[slot] as number) += sizes[slot - 1] as number;
  const total = sizes[sizes.length - 1] as number;
  const ids = new Int32Array(total);
  const counts = new Int32Array(total);
  const filled = sizes.slice(0, -1);
  fields.forEach(({ ids: fieldIds, counts: fieldCounts }, part) => {
    for (let at = 0; at < fieldIds.length; at += 1) {
      const slot = (tierOf[fieldIds[at] as number] as number) * fields.length + part;
      const to = (filled[slot] as number)++;
      ids[to] = fieldIds[at] as number;
      counts[to] = fieldCounts[at] as number;
    }
  });
  return Array.from({ length: tiers }, (_, tier) => fields.map(({ field }, part): FieldPostings => {
    const slot = tier * fields.length + part;
    return { field, ids: ids.subarray(sizes[slot], sizes[slot + 1]), counts: counts.subarray(sizes[slot], sizes[slot + 1]) };
  }));
}

/** A term's fields that have postings, as views of its arrays. */
function fieldPostings({ starts, ids, counts }: IndexTerm): FieldPostings[] {
  const fields: FieldPostings[] = [];
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    const start = starts[field] as number;
    const end = starts[field + 1] as number;
    if (start < end) fields.push({ field, ids: ids.subarray(start, end), counts: counts.subarray(start, end) });
  }
  return fields;
}

/** Postings as TermPostings: per field, in ascending section id, the numbers of each. */
function encode(fields: FieldPostings[], { fieldLength, places }: ShardTermsInput): TermPostings {
  const encoded: TermPostings = {};
  for (const { field, ids, counts } of fields) {
    if (ids.length === 0) continue;
    const numbers: number[] = [];
    let last = 0;
    for (let at = 0; at < ids.length; at += 1) {
      const id = ids[at] as number;
      numbers.push(id - last, counts[at] as number);
      if (places) numbers.push(fieldLength.at(id, field), places[id] ?? 0);
      last = id;
    }
    encoded[field] = numbers;
  }
  return encoded;
}

/** About the JSON size of a field's postings in TermPostings (ids counted whole: an upper bound). */
function postingsBytes({ field, ids, counts }: FieldPostings, { fieldLength, places }: ShardTermsInput): number {
  let bytes = 0;
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as number;
    bytes += postingBytes(id, counts[at] as number, places ? fieldLength.at(id, field) : 0, places?.[id]);
  }
  return bytes;
}

/** About the JSON size of a posting: its numbers, a comma each; length and place only with places. */
function postingBytes(id: number, count: number, length: number, place: number | undefined): number {
  return digits(id) + digits(count) + 2 + (place === undefined ? 0 : digits(length) + digits(place) + 2);
}

/** Decimal digits of a whole number: compared, not written out (a string each took a large site's sharding seconds). */
function digits(value: number): number {
  let count = 1;
  for (let bound = 10; value >= bound && count < 16; bound *= 10) count += 1;
  return count;
}

/** MiniSearch's inverse document frequency of a term in `matching` of `total` sections (BM25+). */
function inverseFrequency(matching: number, total: number): number {
  return Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
}

/** MiniSearch's BM25+ score of a term in one field of a section, given the term's inverseFrequency. */
function bm25(inverse: number, count: number, length: number, average: number): number {
  const { k, b, d } = BM25;
  return inverse * (d + (count * (k + 1)) / (count + k * (1 - b + (b * length) / average)));
}
