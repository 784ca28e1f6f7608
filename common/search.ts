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
  /** First term (term shards) or first doc id (doc shards) this shard holds. */
  from: string | number;
  /** Content-hashed URL. */
  url: string;
}

/**
 * The file a page links to. Small sites get everything inline (one file); large sites get a small
 * manifest whose term shards cover sorted term ranges and whose doc shards cover id ranges, so a
 * query fetches only the shards for its words and its top results.
 */
export interface SearchManifest {
  version: typeof SEARCH_INDEX_VERSION;
  documentCount: number;
  /**
   * Sections per page, in section-id order (a page's sections are consecutive, its top section
   * first): search ranks pages, and shows each page once, with its best section.
   */
  pages: number[];
  synonyms: SearchSynonyms;
  averageFieldLength: number[];
  /** Field lengths per doc (distinct words per field of SEARCH_FIELDS), for BM25. */
  lengths?: number[][];
  lengthsUrl?: string;
  terms?: TermEntry[];
  termShards?: SearchShardRef[];
  docs?: DocRecord[];
  docShards?: SearchShardRef[];
}

export const SEARCH_INDEX_VERSION = 3;
/** The serialisation format of MiniSearch 7 that the index entries follow. */
export const MINISEARCH_SERIALIZATION_VERSION = 2;
