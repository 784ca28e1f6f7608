// Builds the search index: MiniSearch indexes every section at build time and the serialised
// index is written as content-hashed JSON. A small site gets one file; a large one a manifest plus
// term shards (sorted term ranges) and doc shards (id ranges), so that a query downloads only the
// shards of its words and of its top results, whatever the size of the site.
import MiniSearch from 'minisearch';
import {
  MINISEARCH_SERIALIZATION_VERSION, SEARCH_FIELDS, SEARCH_INDEX_VERSION, processTerm, tokenize,
  type DocRecord, type SearchManifest, type SearchShardRef, type TermEntry,
} from '../../common/search.ts';
import { excerptOf, type SearchSection } from './sections.ts';

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

/**
 * `addFile` stores a file and returns its final URL (content-hashed), so the manifest can point
 * at the shards by URL.
 */
export function buildSearchIndex(
  sections: SearchSection[],
  addFile: (name: string, content: string) => string,
  limits: SearchIndexLimits = DEFAULT_LIMITS,
): BuiltSearchIndex {
  const search = new MiniSearch<SearchSection & { id: number }>({
    fields: [...SEARCH_FIELDS], storeFields: [], processTerm, tokenize,
  });
  search.addAll(sections.map((section, id) => ({ ...section, id })));
  const plain = search.toJSON();
  if (plain.serializationVersion !== MINISEARCH_SERIALIZATION_VERSION) {
    throw new Error(`MiniSearch writes serialisation version ${plain.serializationVersion}; the browser reader expects ${MINISEARCH_SERIALIZATION_VERSION}. Update common/search.ts and client/search/engine.ts together.`);
  }
  const lengths = sections.map((_, id) => plain.fieldLength[String(id)] ?? SEARCH_FIELDS.map(() => 0));
  const terms = (plain.index as TermEntry[]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const docs: DocRecord[] = sections.map((section) => [section.pageTitle, section.url, section.heading, excerptOf(section.text)]);
  const head = { version: SEARCH_INDEX_VERSION, documentCount: plain.documentCount, averageFieldLength: plain.averageFieldLength } as const;

  const single: SearchManifest = { ...head, lengths, terms, docs };
  const singleText = JSON.stringify(single);
  if (singleText.length <= limits.singleFileBytes) {
    return { url: addFile('search-index.json', singleText), sections: sections.length, files: 1, bytes: singleText.length };
  }

  let bytes = 0;
  const write = (name: string, parts: unknown) => {
    const content = JSON.stringify(parts);
    bytes += content.length;
    return addFile(name, content);
  };
  const termShards: SearchShardRef[] = chunkTerms(terms, limits.termShardBytes).map((part) => ({ from: part[0]?.[0] ?? '', url: write('search-terms.json', part) }));
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

/**
 * Term shards cut where the words' first letters change: the browser loads the shard where a query
 * word would sort, so a typo after the first two letters ("webhok") still finds its word
 * ("webhook") in the same shard. A run of words sharing two letters that is too big for one shard
 * is cut where the third letter changes, and so on.
 */
function chunkTerms(terms: TermEntry[], targetBytes: number): TermEntry[][] {
  const sizes = terms.map((entry) => JSON.stringify(entry).length + 1);
  const parts: TermEntry[][] = [];
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
function preferredCut(terms: TermEntry[], start: number, end: number): number {
  for (let letters = 2; letters <= 6; letters += 1) {
    for (let cut = end; cut > start + (end - start) / 4; cut -= 1) {
      const before = terms[cut - 1]?.[0] ?? '';
      const after = terms[cut]?.[0] ?? '';
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
