// Builds the search index: every section is indexed at build time (lib/assets/search/term-index.ts, in
// MiniSearch's serialised form, which the browser loads) and written as content-hashed JSON. A small site gets one file; a large one a manifest plus
// term shards (sorted term ranges) and doc shards (id ranges), so that a query downloads only the
// shards of its words and of its top results, whatever the size of the site.
import { SEARCH_FIELDS, SEARCH_INDEX_VERSION, type DocRecord, type SearchManifest, type SearchShardRef, type SearchSynonyms } from '../../../common/search.ts';
import { excerptOf, type SearchSection } from './sections.ts';
import type { IndexTerm } from './index-term.ts';
import { shardTerm, type TermText } from './shard-terms.ts';
import { mapIterable, TermIndexer } from './term-index.ts';

export interface SearchIndexLimits {
  /** Up to this size the whole index is one file. */
  singleFileBytes: number;
  /** Target raw size of a term shard. */
  termShardBytes: number;
  /** Target raw size of a doc shard. */
  docShardBytes: number;
  /**
   * A word whose postings are bigger than this keeps only its best-weighted sections, up to about
   * this size, in its term shard; the rest go to tail files (lib/assets/search/shard-terms.ts).
   * termShardBytes by default: a common word's head fills about a shard.
   */
  termHeadBytes?: number;
  /** More shards of a kind than this are listed in tables of this many (SearchManifest); 64 by default. */
  tableRefs?: number;
}

/**
 * Sizes are raw JSON bytes; gzip makes them about four times smaller. One file up to ~50 KB
 * gzipped; above that, shards of ~25 KB (terms) and ~8 KB (docs) gzipped, so that a first query
 * fetches well under 100 KB on a site of a hundred pages and a few hundred KB on 10,000 pages.
 */
export const DEFAULT_LIMITS: SearchIndexLimits = { singleFileBytes: 200_000, termShardBytes: 50_000, docShardBytes: 16_000 };

export interface BuiltSearchIndex {
  /** URL of the file pages point to: the whole index, or the manifest of the shards. */
  url: string;
  sections: number;
  files: number;
  /** Raw size of all the index files. */
  bytes: number;
}

export interface SearchIndexOptions {
  limits?: SearchIndexLimits;
  /** A folder for the postings' sorted runs, so that their memory is bounded (TermIndexerOptions). */
  runsDir?: string | undefined;
  /** Postings held before a run is written (TermIndexerOptions). */
  runPostings?: number | undefined;
}

/**
 * Stores a file and returns its final URL (content-hashed), so that the manifest can point at the
 * shards by URL.
 */
export type AddFile = (name: string, content: string) => string;

/**
 * The index, fed one page's sections at a time, then written. It keeps what the index files hold,
 * never the sections' text, and of that only a bounded part on a large site: the postings go to
 * sorted runs on disk with a runs folder (lib/assets/search/term-index.ts), each section's short
 * record goes into doc shards as they fill once the one-file form is out of reach, and the field
 * lengths are a flat array. A page's sections must be consecutive, its top section first (as
 * pageSections() gives them).
 */
export class SearchIndexInput {
  private readonly terms: TermIndexer;
  private readonly docs: DocRecords;
  private readonly limits: SearchIndexLimits;
  /** Sections per page: runs of consecutive sections with the same address before the "#". */
  private readonly pages: number[] = [];
  private lastPage: string | undefined;
  /** Raw size and number of the files written so far. */
  private bytes = 0;
  private files = 0;

  constructor(private readonly addFile: AddFile, { limits = DEFAULT_LIMITS, runsDir, runPostings }: SearchIndexOptions = {}) {
    this.terms = new TermIndexer({ runsDir, runPostings });
    this.limits = limits;
    this.docs = new DocRecords(limits, (name, content) => this.save(name, content));
  }

  add(sections: Iterable<SearchSection>): void {
    for (const section of sections) {
      this.terms.add(section);
      this.docs.add([section.pageTitle, section.url, section.heading, excerptOf(section.text)]);
      const page = section.url.replace(/#.*$/, '');
      if (this.pages.length > 0 && page === this.lastPage) this.pages[this.pages.length - 1] = (this.pages.at(-1) ?? 0) + 1;
      else this.pages.push(1);
      this.lastPage = page;
    }
  }

  /**
   * The index of the sections so far, written: one file, or the shards and their manifest, which
   * carries the site's synonym table (lib/load/search-synonyms.ts) to the browser, where queries
   * apply it. Given here, not when the sections start coming: a large build starts adding them
   * before the stage that has the synonyms at hand (lib/runtime/threaded.ts).
   */
  write(synonyms: SearchSynonyms = {}): BuiltSearchIndex {
    const { limits, pages, docs } = this;
    const { documentCount, averageFieldLength, fieldLength, terms } = this.terms.finish();
    const head = { version: SEARCH_INDEX_VERSION, documentCount, pages, synonyms, averageFieldLength } as const;
    const termEntries = terms[Symbol.iterator]();
    try {
      // The one-file form, unless the terms alone are already too big for it: the terms are held only
      // until they are (a large site's are then written shard by shard as they are made), each as
      // its JSON for that form and a copy of its postings should the shards take it.
      const held: { text: TermText; postings: IndexTerm }[] = [];
      let termBytes = 0;
      let next = termEntries.next();
      while (!next.done && termBytes <= limits.singleFileBytes) {
        const text = { term: next.value.term, json: next.value.json() };
        held.push({ text, postings: next.value.copy() });
        termBytes += text.json.length + 1;
        next = termEntries.next();
      }
      const docsJson = docs.json();
      if (next.done && termBytes <= limits.singleFileBytes && docsJson !== undefined) {
        // As JSON.stringify would write the SearchManifest { ...head, lengths, terms, docs }.
        const singleText = `${JSON.stringify(head).slice(0, -1)},"lengths":${fieldLength.json()},"terms":${termsJson(held.map(({ text }) => text))},"docs":${docsJson}}`;
        if (singleText.length <= limits.singleFileBytes) {
          return { url: this.addFile('search-index.json', singleText), sections: documentCount, files: 1, bytes: singleText.length };
        }
      }
      function* allTerms(): Generator<IndexTerm> {
        for (const { postings } of held.splice(0)) yield postings;
        if (next.done) return;
        yield next.value;
        for (let entry = termEntries.next(); !entry.done; entry = termEntries.next()) yield entry.value;
      }
      // A small site's lengths are one small file that every query loads; a large site's postings
      // carry the lengths and places of their sections instead, which cost more in all but only
      // for the words a query loads.
      const lengthsJson = documentCount * SEARCH_FIELDS.length * 2 <= limits.termShardBytes ? fieldLength.json() : undefined;
      const lengthsFile = lengthsJson !== undefined && lengthsJson.length <= limits.termShardBytes ? lengthsJson : undefined;
      const shardInput = {
        documentCount, averageFieldLength, fieldLength, places: lengthsFile === undefined ? placesOf(pages, documentCount) : undefined,
        headBytes: limits.termHeadBytes ?? limits.termShardBytes, tailBytes: limits.termShardBytes, save: (name: string, content: string) => this.save(name, content),
      };
      const termShards: SearchShardRef[] = [];
      const sharded = mapIterable(allTerms(), (entry) => shardTerm(entry, shardInput));
      chunkTerms(sharded, limits.termShardBytes, (part) => termShards.push({ from: part[0]?.term ?? '', url: this.save('search-terms.json', termsJson(part)) }));
      const docShards = docs.finish();
      const facts = lengthsFile === undefined ? {} : { pages, lengthsUrl: this.save('search-lengths.json', lengthsFile) };
      const manifest: SearchManifest = {
        version: SEARCH_INDEX_VERSION, documentCount, ...facts, synonyms, averageFieldLength, ...this.listed('term', termShards), ...this.listed('doc', docShards),
      };
      const url = this.save('search-index.json', JSON.stringify(manifest));
      return { url, sections: documentCount, files: this.files, bytes: this.bytes };
    } finally {
      // Ends the terms' reading, which removes the indexer's run files, should writing a file fail.
      termEntries.return?.();
    }
  }

  /** Shards of a kind, inline when few, else in tables of `tableRefs` each. */
  private listed(kind: 'term' | 'doc', refs: SearchShardRef[]): Partial<SearchManifest> {
    const size = this.limits.tableRefs ?? TABLE_REFS;
    if (refs.length <= size) return kind === 'term' ? { termShards: refs } : { docShards: refs };
    const tables: SearchShardRef[] = [];
    for (let start = 0; start < refs.length; start += size) {
      const part = refs.slice(start, start + size);
      tables.push({ from: part[0]?.from ?? '', url: this.save('search-table.json', JSON.stringify(part)) });
    }
    return kind === 'term' ? { termTables: tables } : { docTables: tables };
  }

  private save(name: string, content: string): string {
    this.files += 1;
    this.bytes += content.length;
    return this.addFile(name, content);
  }
}

/** Shards listed inline in the manifest up to this many of a kind; above, in tables of this many. */
const TABLE_REFS = 64;

/** Per section, its place on its page (0: the page's top section), from the sections per page. */
function placesOf(pages: number[], count: number): Uint32Array {
  const places = new Uint32Array(count);
  let id = 0;
  for (const size of pages) for (let place = 0; place < size && id < count; place += 1) places[id++] = place;
  return places;
}

/** The index of a list of sections, written (SearchIndexInput). */
export function buildSearchIndex(sections: SearchSection[], addFile: AddFile, { synonyms, ...options }: SearchIndexOptions & { synonyms?: SearchSynonyms } = {}): BuiltSearchIndex {
  const input = new SearchIndexInput(addFile, options);
  input.add(sections);
  return input.write(synonyms);
}

/**
 * Each section's short record, as JSON, cut into doc shards as they come: consecutive records
 * whose JSON adds up to about `docShardBytes` each (never empty). The shards are held while the
 * one-file form could still take every record; once the records are too big for it, they are
 * written as they fill, so that only the shard being filled is held.
 */
class DocRecords {
  /** Shards cut but not written, while the one-file form may still take them. */
  private readonly cut: string[][] = [];
  private part: string[] = [];
  private partBytes = 0;
  /** The JSON size of every record so far, a comma each: the one-file form's "docs" is one more. */
  private allBytes = 0;
  private streaming = false;
  private readonly refs: SearchShardRef[] = [];
  private from = 0;

  constructor(private readonly limits: SearchIndexLimits, private readonly save: AddFile) {}

  add(record: DocRecord): void {
    const text = JSON.stringify(record);
    const size = text.length + 1;
    if (this.part.length > 0 && this.partBytes + size > this.limits.docShardBytes) {
      if (this.streaming) this.emit(this.part);
      else this.cut.push(this.part);
      this.part = [];
      this.partBytes = 0;
    }
    this.part.push(text);
    this.partBytes += size;
    this.allBytes += size;
    if (!this.streaming && this.allBytes + 1 > this.limits.singleFileBytes) {
      this.streaming = true;
      for (const part of this.cut.splice(0)) this.emit(part);
    }
  }

  /** Every record, as the JSON array the one-file form holds; undefined once they are too big for it. */
  json(): string | undefined {
    return this.streaming ? undefined : `[${[...this.cut.flat(), ...this.part].join(',')}]`;
  }

  /** The shards: those not written yet written. */
  finish(): SearchShardRef[] {
    for (const part of this.cut.splice(0)) this.emit(part);
    if (this.part.length > 0 || this.refs.length === 0) this.emit(this.part);
    this.part = [];
    return this.refs;
  }

  private emit(part: string[]): void {
    this.refs.push({ from: this.from, url: this.save('search-docs.json', `[${part.join(',')}]`) });
    this.from += part.length;
  }
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
