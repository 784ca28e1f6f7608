// Builds the search index: every section is indexed at build time (lib/assets/search/term-index.ts, in
// MiniSearch's serialised form, which the browser loads) and written as content-hashed JSON. A small site gets one file; a large one a manifest plus
// term shards (sorted term ranges) and doc shards (id ranges), so that a query downloads only the
// shards of its words and of its top results, whatever the size of the site.
import { SEARCH_INDEX_VERSION, type DocRecord, type SearchManifest, type SearchShardRef, type SearchSynonyms } from '../../../common/search.ts';
import { excerptOf, type SearchSection } from './sections.ts';
import { indexSections, type TermIndex } from './term-index.ts';

export interface SearchIndexLimits {
  /** Up to this size the whole index is one file. */
  singleFileBytes: number;
  /** Target raw size of a term shard. */
  termShardBytes: number;
  /** Target raw size of a doc shard. */
  docShardBytes: number;
}

/**
 * Sizes are raw JSON bytes; gzip makes them about four times smaller. One file up to ~50 KB
 * gzipped; above that, shards of ~25 KB (terms) and ~8 KB (docs) gzipped, so that a first query
 * fetches well under 100 KB on a site of a hundred pages and a few hundred KB on 10,000 pages.
 */
export const DEFAULT_LIMITS: SearchIndexLimits = { singleFileBytes: 200_000, termShardBytes: 100_000, docShardBytes: 32_000 };

export interface BuiltSearchIndex {
  /** URL of the file pages point to: the whole index, or the manifest of the shards. */
  url: string;
  sections: number;
  files: number;
  /** Raw size of all the index files. */
  bytes: number;
}

export interface SearchIndexOptions {
  /** The site's synonym table (lib/load/search-synonyms.ts), applied by the browser at query time. */
  synonyms?: SearchSynonyms;
  limits?: SearchIndexLimits;
}

/**
 * `addFile` stores a file and returns its final URL (content-hashed), so the manifest can point
 * at the shards by URL. A page's sections must be consecutive, its top section first (as
 * pageSections() gives them).
 */
export function buildSearchIndex(
  sections: SearchSection[],
  addFile: (name: string, content: string) => string,
  { synonyms = {}, limits = DEFAULT_LIMITS }: SearchIndexOptions = {},
): BuiltSearchIndex {
  const { documentCount, averageFieldLength, fieldLength: lengths, terms } = indexSections(sections);
  const docs: DocRecord[] = sections.map((section) => [section.pageTitle, section.url, section.heading, excerptOf(section.text)]);
  const head = { version: SEARCH_INDEX_VERSION, documentCount, pages: pageSizes(sections), synonyms, averageFieldLength } as const;

  // The one-file form, unless the terms alone are already too big for it.
  const termBytes = terms.reduce((sum, entry) => sum + entry.json.length + 1, 0);
  if (termBytes <= limits.singleFileBytes) {
    // As JSON.stringify would write the SearchManifest { ...head, lengths, terms, docs }.
    const singleText = `${JSON.stringify({ ...head, lengths }).slice(0, -1)},"terms":${termsJson(terms)},"docs":${JSON.stringify(docs)}}`;
    if (singleText.length <= limits.singleFileBytes) {
      return { url: addFile('search-index.json', singleText), sections: sections.length, files: 1, bytes: singleText.length };
    }
  }

  let bytes = 0;
  const save = (name: string, content: string) => {
    bytes += content.length;
    return addFile(name, content);
  };
  const write = (name: string, parts: unknown) => save(name, JSON.stringify(parts));
  const termShards: SearchShardRef[] = chunkTerms(terms, limits.termShardBytes).map((part) => ({ from: part[0]?.term ?? '', url: save('search-terms.json', termsJson(part)) }));
  let from = 0;
  const docShards: SearchShardRef[] = chunk(docs, limits.docShardBytes).map((part) => {
    const ref = { from, url: write('search-docs.json', part) };
    from += part.length;
    return ref;
  });
  const manifest: SearchManifest = { ...head, lengthsUrl: write('search-lengths.json', lengths), termShards, docShards };
  const url = write('search-index.json', manifest);
  return { url, sections: sections.length, files: termShards.length + docShards.length + 2, bytes };
}

/** Sections per page: runs of consecutive sections with the same address before the "#". */
function pageSizes(sections: SearchSection[]): number[] {
  const sizes: number[] = [];
  let last: string | undefined;
  for (const section of sections) {
    const page = section.url.replace(/#.*$/, '');
    if (page === last) sizes[sizes.length - 1] = (sizes[sizes.length - 1] ?? 0) + 1;
    else sizes.push(1);
    last = page;
  }
  return sizes;
}

type TermText = TermIndex['terms'][number];

/** A list of term entries as the JSON array of TermEntry it stands for. */
function termsJson(terms: TermText[]): string {
  return `[${terms.map((entry) => entry.json).join(',')}]`;
}

/**
 * Term shards cut where the words' first letters change: the browser loads the shard where a query
 * word would sort, so a typo after the first two letters ("webhok") still finds its word
 * ("webhook") in the same shard. A run of words sharing two letters that is too big for one shard
 * is cut where the third letter changes, and so on.
 */
function chunkTerms(terms: TermText[], targetBytes: number): TermText[][] {
  const sizes = terms.map((entry) => entry.json.length + 1);
  const parts: TermText[][] = [];
  let start = 0;
  while (start < terms.length) {
    let end = start;
    let size = 0;
    while (end < terms.length && (end === start || size + (sizes[end] ?? 0) <= targetBytes)) size += sizes[end++] ?? 0;
    if (end < terms.length) end = preferredCut(terms, start, end);
    parts.push(terms.slice(start, end));
    start = end;
  }
  return parts.length > 0 ? parts : [[]];
}

/** The latest cut in (start, end] where words change in their first 2, else 3, 4… letters. */
function preferredCut(terms: TermText[], start: number, end: number): number {
  for (let letters = 2; letters <= 6; letters += 1) {
    for (let cut = end; cut > start + (end - start) / 4; cut -= 1) {
      const before = terms[cut - 1]?.term ?? '';
      const after = terms[cut]?.term ?? '';
      if (before.slice(0, letters) !== after.slice(0, letters)) return cut;
    }
  }
  return end;
}

/** Consecutive runs of items whose JSON adds up to about `targetBytes` each (never empty). */
function chunk<T>(items: T[], targetBytes: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = JSON.stringify(item).length + 1;
    if (part.length > 0 && size + itemSize > targetBytes) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(item);
    size += itemSize;
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts;
}
