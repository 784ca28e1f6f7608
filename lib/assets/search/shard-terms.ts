// The terms of the sharded index as the browser reads them (ShardTerm, common/search.ts): on a large
// site each posting carries the section's field length and its place on its page, so a query loads
// nothing else to score and group its sections; and a word in many sections keeps in its term shard only
// its best-weighted sections (the head), the rest going to tail files, so that a first query on a
// large site loads the best of a common word's sections instead of all of them.
import { BM25, SEARCH_BOOST, SEARCH_FIELDS, type TermPostings, type TermTail } from '../../../common/search.ts';
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

/** A section not met yet in the word's postings (scratchFor's tierOf). */
const UNSEEN = -1;
let scratch = { score: new Float64Array(0), size: new Float64Array(0), tierOf: new Int32Array(0) };

/** Per section id, a word's score and posting bytes and the tier it goes to: zero and UNSEEN between words. */
function scratchFor(sections: number): typeof scratch {
  if (scratch.score.length < sections) {
    scratch = { score: new Float64Array(sections), size: new Float64Array(sections), tierOf: new Int32Array(sections).fill(UNSEEN) };
  }
  return scratch;
}

/** A term of the index (MiniSearch's JSON, TermIndexer) as the sharded form's ShardTerm JSON. */
export function shardTerm(entry: TermText, input: ShardTermsInput): TermText {
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
  const { score, size, tierOf } = scratchFor(documentCount);
  const ranked: number[] = [];
  const counts: Record<string, number> = {};
  for (const { field, ids, counts: tf } of fields) {
    counts[field] = ids.length;
    const boost = BOOSTS[field] ?? 1;
    const average = averageFieldLength[field] ?? 0;
    for (let at = 0; at < ids.length; at += 1) {
      const id = ids[at] ?? 0;
      const count = tf[at] ?? 0;
      const length = fieldLength.at(id, field);
      if (tierOf[id] === UNSEEN) {
        tierOf[id] = 0;
        ranked.push(id);
      }
      score[id] = (score[id] ?? 0) + boost * bm25(count, ids.length, documentCount, length, average);
      size[id] = (size[id] ?? 0) + postingBytes(id, count, length, places?.[id]);
    }
  }
  ranked.sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0) || a - b);
  // Each section's tier: 0 the head, then the tails in order.
  let tier = 0;
  let tierBytes = 0;
  for (const id of ranked) {
    const bytes = size[id] ?? 0;
    if (tierBytes > 0 && tierBytes + bytes > (tier === 0 ? input.headBytes : input.tailBytes)) {
      tier += 1;
      tierBytes = 0;
    }
    tierOf[id] = tier;
    tierBytes += bytes;
  }
  // Each tier's postings, field by field, ids ascending: one pass over the word's postings.
  const tiers = Array.from({ length: tier + 1 }, () => fields.map(({ field }): FieldPostings => ({ field, ids: [], counts: [] })));
  fields.forEach(({ ids, counts: tf }, at) => {
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] ?? 0;
      const kept = tiers[tierOf[id] ?? 0]?.[at];
      kept?.ids.push(id);
      kept?.counts.push(tf[index] ?? 0);
    }
  });
  for (const id of ranked) {
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
 * A term's postings, read from its entry's JSON (`[term,{"field":{"id":count,…},…}]`, TermIndexer's,
 * ids ascending) by a scan of its digits: JSON.parse would make an object with thousands of integer
 * keys per field, several times slower on a large site's common words.
 */
function fieldPostings({ term, json }: TermText): FieldPostings[] {
  const fields: FieldPostings[] = [];
  // After `[`, the term's JSON and `,{`.
  let at = 1 + JSON.stringify(term).length + 2;
  const number = () => {
    let value = 0;
    for (let code = json.charCodeAt(at); code >= 48 && code <= 57; code = json.charCodeAt(++at)) value = value * 10 + code - 48;
    return value;
  };
  // Each field: `"field":{`, then `"id":count` joined by commas, then `}`; fields joined by commas.
  while (json.charCodeAt(at) === QUOTE) {
    at += 1;
    const postings: FieldPostings = { field: number(), ids: [], counts: [] };
    at += 3;
    while (json.charCodeAt(at) === QUOTE) {
      at += 1;
      postings.ids.push(number());
      at += 2;
      postings.counts.push(number());
      if (json.charCodeAt(at) === COMMA) at += 1;
    }
    at += 1;
    if (json.charCodeAt(at) === COMMA) at += 1;
    fields.push(postings);
  }
  return fields;
}

const QUOTE = 0x22;
const COMMA = 0x2c;

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
