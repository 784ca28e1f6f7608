// Builds the search index: every section is indexed at build time (lib/assets/search/term-index.ts, in
// MiniSearch's serialised form, which the browser loads) and written as content-hashed JSON. A small site gets one file; a large one a manifest plus
// term shards (sorted term ranges) and doc shards (id ranges), so that a query downloads only the
// shards of its words and of its top results, whatever the size of the site.
import { SEARCH_INDEX_VERSION, type DocRecord, type SearchManifest, type SearchShardRef, type SearchSynonyms } from '../../../common/search.ts';
import { excerptOf, type SearchSection } from './sections.ts';
import { TermIndexer, type TermIndex, type TermText } from './term-index.ts';

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
 * The index's input, fed one page's sections at a time: it keeps what the index files hold (the
 * postings, each section's field lengths and its short record), not the sections' text. A page's
 * sections must be consecutive, its top section first (as pageSections() gives them).
 */
export class SearchIndexInput {
  private readonly terms = new TermIndexer();
  private readonly docs: DocRecord[] = [];
  /** Sections per page: runs of consecutive sections with the same address before the "#". */
  private readonly pages: number[] = [];
  private lastPage: string | undefined;

  add(sections: Iterable<SearchSection>): void {
    for (const section of sections) {
      this.terms.add(section);
      this.docs.push([section.pageTitle, section.url, section.heading, excerptOf(section.text)]);
      const page = section.url.replace(/#.*$/, '');
      if (this.pages.length > 0 && page === this.lastPage) this.pages[this.pages.length - 1] = (this.pages.at(-1) ?? 0) + 1;
      else this.pages.push(1);
      this.lastPage = page;
    }
  }

  /** The sections so far, indexed. */
  finish(): { index: TermIndex; docs: DocRecord[]; pages: number[] } {
    return { index: this.terms.finish(), docs: this.docs, pages: this.pages };
  }
}

/**
 * `addFile` stores a file and returns its final URL (content-hashed), so the manifest can point
 * at the shards by URL. The sections: a list, or an input fed page by page (SearchIndexInput).
 */
export function buildSearchIndex(
  sections: SearchSection[] | SearchIndexInput,
  addFile: (name: string, content: string) => string,
  { synonyms = {}, limits = DEFAULT_LIMITS }: SearchIndexOptions = {},
): BuiltSearchIndex {
  let input = sections;
  if (Array.isArray(input)) {
    input = new SearchIndexInput();
    input.add(sections as SearchSection[]);
  }
  const { index: { documentCount, averageFieldLength, fieldLength: lengths, terms }, docs, pages } = input.finish();
  const head = { version: SEARCH_INDEX_VERSION, documentCount, pages, synonyms, averageFieldLength } as const;

  // The one-file form, unless the terms alone are already too big for it: the terms are held only
  // until they are (a large site's are then written shard by shard as they are made).
  const termEntries = terms[Symbol.iterator]();
  const held: TermText[] = [];
  let termBytes = 0;
  let next = termEntries.next();
  while (!next.done && termBytes <= limits.singleFileBytes) {
    held.push(next.value);
    termBytes += next.value.json.length + 1;
    next = termEntries.next();
  }
  if (next.done && termBytes <= limits.singleFileBytes) {
    // As JSON.stringify would write the SearchManifest { ...head, lengths, terms, docs }.
    const singleText = `${JSON.stringify({ ...head, lengths }).slice(0, -1)},"terms":${termsJson(held)},"docs":${JSON.stringify(docs)}}`;
    if (singleText.length <= limits.singleFileBytes) {
      return { url: addFile('search-index.json', singleText), sections: documentCount, files: 1, bytes: singleText.length };
    }
  }
  function* allTerms(): Generator<TermText> {
    yield* held.splice(0);
    if (next.done) return;
    yield next.value;
    for (let entry = termEntries.next(); !entry.done; entry = termEntries.next()) yield entry.value;
  }

  let bytes = 0;
  const save = (name: string, content: string) => {
    bytes += content.length;
    return addFile(name, content);
  };
  const write = (name: string, parts: unknown) => save(name, JSON.stringify(parts));
  const termShards: SearchShardRef[] = [];
  chunkTerms(allTerms(), limits.termShardBytes, (part) => termShards.push({ from: part[0]?.term ?? '', url: save('search-terms.json', termsJson(part)) }));
  let from = 0;
  const docShards: SearchShardRef[] = chunk(docs, limits.docShardBytes).map((part) => {
    const ref = { from, url: write('search-docs.json', part) };
    from += part.length;
    return ref;
  });
  const manifest: SearchManifest = { ...head, lengthsUrl: write('search-lengths.json', lengths), termShards, docShards };
  const url = write('search-index.json', manifest);
  return { url, sections: documentCount, files: termShards.length + docShards.length + 2, bytes };
}

/** A list of term entries as the JSON array of TermEntry it stands for. */
function termsJson(terms: TermText[]): string {
  return `[${terms.map((entry) => entry.json).join(',')}]`;
}

/**
 * Term shards cut where the words' first letters change: the browser loads the shard where a query
 * word would sort, so a typo after the first two letters ("webhok") still finds its word
 * ("webhook") in the same shard. A run of words sharing two letters that is too big for one shard
 * is cut where the third letter changes, and so on. Each shard goes to `emit` as soon as the next
 * term shows it is full, so only one shard's terms are held at a time.
 */
function chunkTerms(terms: Iterable<TermText>, targetBytes: number, emit: (part: TermText[]) => void): void {
  let part: TermText[] = [];
  let size = 0;
  let parts = 0;
  for (const entry of terms) {
    const entrySize = entry.json.length + 1;
    // A term that does not fit: the shard ends at the latest good cut, and what follows the cut
    // starts the next one (it fits, being part of a shard that did), this term perhaps too.
    while (part.length > 0 && size + entrySize > targetBytes) {
      // The cut may fall just before this term, so it is read too.
      const cut = preferredCut([...part, entry], 0, part.length);
      emit(part.slice(0, cut));
      parts += 1;
      part = part.slice(cut);
      size = part.reduce((sum, kept) => sum + kept.json.length + 1, 0);
    }
    part.push(entry);
    size += entrySize;
  }
  if (part.length > 0 || parts === 0) emit(part);
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
