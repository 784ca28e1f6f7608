// The search index format and the MiniSearch settings that the build (which writes the index) and
// the browser (which reads and queries it) must share exactly. Pure data and functions: no Node, no DOM.

/**
 * Indexed fields, in MiniSearch field-id order. "page" is the page title repeated on each section;
 * "description" and "keywords" are the page's description and keywords (front matter), on its top
 * section.
 */
export const SEARCH_FIELDS = ['title', 'heading', 'page', 'text', 'tags', 'description', 'keywords'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * What a word found in each field is worth: the words that say what a page or section is about
 * (title, heading, description, tags, keywords) count more than the same word in its body text.
 * Keywords, written for search in the words readers use, count most after the title; a heading
 * no more than the description, since many are the same on every page of a kind ("Request
 * body", "Errors", "Step 1: …") and say what a part of a page is about, not the page.
 */
export const SEARCH_BOOST: Record<SearchField, number> = { title: 5, heading: 2.5, page: 1.5, text: 1, tags: 2.5, description: 2.5, keywords: 4 };

/**
 * Words too common to help: they would make the biggest posting lists of a large site (and the
 * biggest shard) while matching every section.
 */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'can', 'for', 'from', 'has', 'have', 'if',
  'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or', 'so', 'than', 'that', 'the', 'their', 'then',
  'there', 'these', 'this', 'to', 'was', 'were', 'will', 'with', 'you', 'your',
]);

/** Lower-cases, drops stop words and lone punctuation; the same at index and query time. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(lower) || STOP_WORDS.has(lower)) return null;
  return lower;
}

/** Splits on anything that is not a letter, a digit or an underscore (so "tune_id" stays whole). */
export const TOKEN_SEPARATOR = /[^\p{L}\p{N}_]+/u;

export function tokenize(text: string): string[] {
  return text.split(TOKEN_SEPARATOR).filter(Boolean);
}

/** One hit as the results list shows it. */
export interface SearchDoc {
  /** Page title. */
  title: string;
  /** URL with the section's anchor (none for the page's top section). */
  url: string;
  /** Section heading; empty for the page's top section. */
  heading: string;
  /** The section's first words. */
  excerpt: string;
}

/**
 * Synonyms applied when a reader searches: a word readers type → the words the docs use for it
 * (content/search-synonyms.yml), all as processTerm() gives them.
 */
export type SearchSynonyms = Record<string, string[]>;

/** A stored doc record, compact: [title, url, heading, excerpt]. */
export type DocRecord = [string, string, string, string];

/** A serialised index entry of MiniSearch: term → field id → short doc id → term frequency. */
export type TermEntry = [string, Record<string, Record<string, number>>];

export interface SearchShardRef {
  /** First term (term shards) or first doc id (doc shards) this shard (or table of shards) holds. */
  from: string | number;
  /** Content-hashed URL. */
  url: string;
}

/**
 * A term of a term shard (the sharded form): [term, postings, tail]. `postings` are, per field id,
 * the sections that have the term in that field, flat, in ascending id: for each, the id's
 * difference to the previous section's (the first: its id) and the term's count in the field; and,
 * when the manifest has no lengths file (a large site's would be too big to load for every query),
 * the field's length in the section (distinct words, for BM25) and the section's place on its page
 * (0: the page's top section). So a large site's query loads nothing else to score and group its
 * sections: the browser's scoring reads a section's field length only where it has the word.
 *
 * A word in many sections (a common one on a large site) keeps here only its best-weighted
 * sections (the head), by what the word alone scores there; `tail` says where the rest are.
 */
export type ShardTerm = [string, TermPostings] | [string, TermPostings, TermTail];

/** Per field id, the postings as ShardTerm describes them. */
export type TermPostings = Record<string, number[]>;

export interface TermTail {
  /** Per field id, how many sections have the term in it, head and tail: BM25's document frequency. */
  counts: Record<string, number>;
  /** Files of TermPostings, each the next best-weighted sections. */
  urls: string[];
}

/** How many numbers each posting of TermPostings has: with the section's length and place, or without. */
export function postingNumbers(manifest: Pick<SearchManifest, 'lengthsUrl'>): number {
  return manifest.lengthsUrl === undefined ? 4 : 2;
}

/**
 * The file a page links to. Small sites get everything inline (one file); large sites get a small
 * manifest whose term shards cover sorted term ranges and whose doc shards cover id ranges, so a
 * query fetches only the shards for its words and its top results. A site with many shards lists
 * them in tables (files of SearchShardRef, each for a range of shards) instead of inline, so that
 * the manifest stays small however large the site.
 */
export interface SearchManifest {
  version: typeof SEARCH_INDEX_VERSION;
  documentCount: number;
  /**
   * Sections per page, in section-id order (a page's sections are consecutive, its top section
   * first): search ranks pages, and shows each page once, with its best section. Absent on a large
   * site, whose postings hold each section's place on its page instead.
   */
  pages?: number[];
  synonyms: SearchSynonyms;
  averageFieldLength: number[];
  /** Field lengths per doc (distinct words per field of SEARCH_FIELDS), for BM25: inline (one file) or in a file. */
  lengths?: number[][];
  lengthsUrl?: string;
  /** One-file form: MiniSearch's serialised index entries. */
  terms?: TermEntry[];
  /** Sharded form: the term shards (ShardTerm[]), or the tables that list them. */
  termShards?: SearchShardRef[];
  termTables?: SearchShardRef[];
  docs?: DocRecord[];
  /** Sharded form: the doc shards (DocRecord[]), or the tables that list them. */
  docShards?: SearchShardRef[];
  docTables?: SearchShardRef[];
}

export const SEARCH_INDEX_VERSION = 4;
/** The serialisation format of MiniSearch 7 that the index entries follow. */
export const MINISEARCH_SERIALIZATION_VERSION = 2;

/** MiniSearch's default BM25 settings, which the browser scores with: the build ranks a word's sections by them. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
