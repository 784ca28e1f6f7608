// Queries the prebuilt index. Loads only what a query needs: the single file of a small site, or
// the manifest, the term shards covering the query's words (a common word's best-weighted sections
// only) and the doc shards of the top results, with the tables that list them on a large site. No DOM: the tests and the benchmark run it in Node with a file reader.
import MiniSearch, { type AsPlainObject } from 'minisearch';
import {
  MINISEARCH_SERIALIZATION_VERSION, SEARCH_BOOST, SEARCH_FIELDS, SEARCH_INDEX_VERSION, postingNumbers, processTerm, tokenize,
  type DocRecord, type SearchDoc, type SearchManifest, type SearchShardRef, type ShardTerm, type TermEntry, type TermPostings,
} from '../../common/search.ts';
import { Sections, withFullCounts } from './postings.ts';
import { ShardList } from './shards.ts';
import { queryGroups, titleLength } from './query.ts';
import { rankPages, type SectionMatch } from './rank.ts';

export type FetchJson = (url: string) => Promise<unknown>;

export interface SearchHit extends SearchDoc {
  /** The indexed words the hit matched (after prefix and fuzzy expansion), for highlighting. */
  terms: string[];
}

export interface EngineOptions {
  /**
   * Load every section of a common word, not only its best-weighted ones (ShardTerm): the exact
   * evaluation, which the search page (all results) makes and the tests and the benchmark compare
   * the search box's with.
   */
  allPostings?: boolean;
}

export class SearchEngine {
  private readonly loadedTerms = new Map<string, Promise<TermEntry[]>>();
  private readonly loadedDocs = new Map<string, Promise<DocRecord[]>>();
  private readonly loadedTables = new Map<string, Promise<SearchShardRef[]>>();
  private engine: MiniSearch | undefined;
  private engineTerms = -1;
  /** Per section id, the id of its page's top section, when the manifest lists the pages. */
  private readonly tops: Uint32Array | undefined;
  /** The lengths file's sections' field lengths, once loaded (SearchManifest.lengthsUrl). */
  private lengths: Promise<number[][]> | undefined;
  private loadedLengths: number[][] | undefined;
  /** Sharded form: what the loaded postings say of their sections (a large site's). */
  private readonly sections: Sections;
  /** Sharded form: the document frequencies of the words loaded with only their head. */
  private readonly counts = new Map<string, Record<string, number>>();
  private readonly termList: ShardList;
  private readonly docList: ShardList;

  private constructor(private readonly manifest: SearchManifest, private readonly fetchJson: FetchJson, private readonly options: EngineOptions) {
    const { pages } = manifest;
    if (pages) {
      const tops = new Uint32Array(manifest.documentCount);
      let id = 0;
      for (const size of pages) {
        const top = id;
        for (const end = Math.min(id + size, manifest.documentCount); id < end; id += 1) tops[id] = top;
      }
      this.tops = tops;
    }
    this.sections = new Sections(postingNumbers(manifest));
    const loadTable = (url: string) => this.load(this.loadedTables, url);
    this.termList = new ShardList(manifest.termShards, manifest.termTables, loadTable);
    this.docList = new ShardList(manifest.docShards, manifest.docTables, loadTable);
  }

  static async open(url: string, fetchJson: FetchJson, options: EngineOptions = {}): Promise<SearchEngine> {
    const manifest = (await fetchJson(url)) as SearchManifest;
    if (manifest.version !== SEARCH_INDEX_VERSION) throw new Error(`Unknown search index version ${String(manifest.version)}.`);
    return new SearchEngine(manifest, fetchJson, options);
  }

  /** The top section of a section's page: search ranks pages, and this names them. */
  private topOf(section: number): number {
    return (this.tops ? this.tops[section] : this.sections.tops.get(section)) ?? section;
  }

  private lengthOf(section: number, field: number): number | undefined {
    return (this.manifest.lengths ?? this.loadedLengths)?.[section]?.[field] ?? this.sections.lengths.get(section)?.[field];
  }

  /**
   * The best pages for the query, each once, pointing to its best section; `total` counts the
   * pages found.
   */
  async search(query: string, limit: number): Promise<{ hits: SearchHit[]; total: number }> {
    const groups = queryGroups(query, this.manifest.synonyms);
    if (groups.length === 0) return { hits: [], total: 0 };
    const engine = await this.engineFor(groups.flatMap((group) => group.forms.map((form) => form.term)));
    // Per group, per section: the best score any of the group's forms gets there; and the
    // sections whose title holds the reader's own word, as written.
    const inTitle = groups.map(() => new Set<number>());
    const matches = groups.map((group, g) => {
      const found = new Map<number, SectionMatch>();
      for (const form of group.forms) {
        for (const result of engine.search(form.term, { boost: SEARCH_BOOST, prefix: form.prefix, fuzzy: form.fuzzy })) {
          const score = result.score * form.weight;
          if (Object.entries(result.match).some(([term, fields]) => term === group.word && fields.includes('title'))) inTitle[g]?.add(result.id as number);
          const strong = Object.values(result.match).some((fields) => fields.some((field) => field !== 'text' && field !== 'page'));
          const known = found.get(result.id as number);
          if (!known) found.set(result.id as number, { score, terms: result.terms, strong });
          else {
            known.terms.push(...result.terms);
            if (score > known.score) known.score = score;
            known.strong ||= strong;
          }
        }
      }
      return found;
    });
    const pages = rankPages(matches, (section) => this.topOf(section), groups.map((group) => group.share), await this.titledBy(inTitle, titleLength(query)));
    const top = pages.slice(0, limit);
    const docs = await this.docs(top.map((page) => page.section));
    const hits = top.map((page, i) => {
      const [title, url, heading, excerpt] = docs[i] ?? ['', '', '', ''];
      // The words to mark: those of the result's section and of its page's top section (the title).
      const terms = new Set<string>();
      for (const section of [page.section, page.page]) {
        for (const group of matches) for (const term of group.get(section)?.terms ?? []) terms.add(term);
      }
      return { title, url, heading, excerpt, terms: [...terms] };
    });
    return { hits, total: pages.length };
  }

  /**
   * The pages whose title is the query: every word of the query in the title, and no other word
   * there ("Create a tune", not "Create a tune from a pack"): `length` is the title's length in
   * words (titleLength). Only a page's top section has a title.
   */
  private async titledBy(inTitle: Set<number>[], length: number): Promise<Set<number>> {
    const pages = new Set<number>();
    const [first, ...others] = inTitle;
    if (!first) return pages;
    const titleField = SEARCH_FIELDS.indexOf('title');
    for (const section of first) {
      if (others.every((sections) => sections.has(section)) && this.lengthOf(section, titleField) === length) pages.add(this.topOf(section));
    }
    return pages;
  }

  private async engineFor(terms: string[]): Promise<MiniSearch> {
    const { manifest } = this;
    const shards = manifest.terms ? [] : await this.termShardsFor(terms);
    await Promise.all(shards.map((shard) => this.load(this.loadedTerms, shard.url, (terms: ShardTerm[]) => this.readShard(terms))));
    if (manifest.lengthsUrl !== undefined) this.loadedLengths = await (this.lengths ??= this.fetchJson(manifest.lengthsUrl) as Promise<number[][]>);
    if (this.engine && this.engineTerms === this.loadedTerms.size) return this.engine;
    const all = manifest.terms ?? (await Promise.all(this.loadedTerms.values())).flat();
    const known = manifest.lengths ?? this.loadedLengths;
    const lengths = known ? known.entries() : this.sections.lengths.entries();
    this.engine = MiniSearch.loadJS(plainObject(manifest, lengths, all), { fields: [...SEARCH_FIELDS], processTerm, tokenize });
    withFullCounts(this.engine, this.counts);
    this.engineTerms = this.loadedTerms.size;
    return this.engine;
  }

  /** A term shard's words as MiniSearch's entries: a common word's head, or all its sections with `allPostings`. */
  private readShard(terms: ShardTerm[]): Promise<TermEntry[]> {
    return Promise.all(terms.map(async ([term, postings, tail]): Promise<TermEntry> => {
      const head = this.sections.read(postings);
      if (!tail) return [term, head];
      if (!this.options.allPostings) {
        this.counts.set(term, tail.counts);
        return [term, head];
      }
      const rest = await Promise.all(tail.urls.map((url) => this.fetchJson(url) as Promise<TermPostings>));
      for (const part of rest) this.sections.read(part, head);
      return [term, head];
    }));
  }

  /** Term shards whose range may hold each term, words starting with it, or near misses of it. */
  private async termShardsFor(terms: string[]): Promise<SearchShardRef[]> {
    const found = await Promise.all(terms.map(async (term) => {
      const { shard, nextFrom, next } = await this.termList.at(term);
      // The next shard too when it starts with words of the same two letters: it may hold
      // longer words with this prefix or the word a typo ("webhok") was meant to be.
      return [shard, nextFrom !== undefined && String(nextFrom).startsWith(term.slice(0, 2)) ? await next() : undefined];
    }));
    const wanted = new Map<string, SearchShardRef>();
    for (const shard of found.flat()) if (shard && !wanted.has(shard.url)) wanted.set(shard.url, shard);
    return [...wanted.values()];
  }

  private async docs(ids: number[]): Promise<(DocRecord | undefined)[]> {
    const { manifest } = this;
    if (manifest.docs) return ids.map((id) => manifest.docs?.[id]);
    return Promise.all(ids.map(async (id) => {
      const { shard } = await this.docList.at(id);
      if (!shard) return undefined;
      const records = await this.load(this.loadedDocs, shard.url);
      return records[id - Number(shard.from)];
    }));
  }

  private load<T, F = T>(cache: Map<string, Promise<T>>, url: string, read?: (file: F) => T | Promise<T>): Promise<T> {
    let loading = cache.get(url);
    if (!loading) {
      const fetched = this.fetchJson(url) as Promise<F>;
      loading = read ? fetched.then(read) : (fetched as unknown as Promise<T>);
      // A failed download is tried again by the next query instead of failing every query.
      loading.catch(() => cache.delete(url));
      cache.set(url, loading);
    }
    return loading;
  }
}

/**
 * What MiniSearch.loadJS reads: doc ids are the section ids, so the id maps are rebuilt here, not
 * shipped; only the sections of the loaded words are given (their lengths are all BM25 reads).
 */
function plainObject(manifest: SearchManifest, lengths: Iterable<[number, number[]]>, index: TermEntry[]): AsPlainObject {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (const [id, length] of lengths) {
    documentIds[id] = id;
    fieldLength[id] = length;
  }
  return {
    documentCount: manifest.documentCount,
    nextId: manifest.documentCount,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, id) => [field, id])),
    fieldLength,
    averageFieldLength: manifest.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: MINISEARCH_SERIALIZATION_VERSION,
  };
}
