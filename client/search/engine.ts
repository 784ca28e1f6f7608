// Queries the prebuilt index. Loads only what a query needs: the single file of a small site, or
// the manifest, the field lengths, the term shards covering the query's words and the doc shards
// of the top results. No DOM: the tests and the benchmark run it in Node with a file reader.
import MiniSearch, { type AsPlainObject } from 'minisearch';
import {
  MINISEARCH_SERIALIZATION_VERSION, SEARCH_BOOST, SEARCH_FIELDS, SEARCH_INDEX_VERSION, processTerm, tokenize,
  type DocRecord, type SearchDoc, type SearchManifest, type SearchShardRef, type TermEntry,
} from '../../common/search.ts';
import { queryGroups, titleLength } from './query.ts';
import { rankPages, type SectionMatch } from './rank.ts';

export type FetchJson = (url: string) => Promise<unknown>;

export interface SearchHit extends SearchDoc {
  /** The indexed words the hit matched (after prefix and fuzzy expansion), for highlighting. */
  terms: string[];
}

/** A prefix that spans more shards than this only searches the first ones (large sites, 1–2 letters). */
const MAX_SHARDS_PER_TERM = 2;

export class SearchEngine {
  private readonly loadedTerms = new Map<string, Promise<TermEntry[]>>();
  private readonly loadedDocs = new Map<string, Promise<DocRecord[]>>();
  private engine: MiniSearch | undefined;
  private engineTerms = -1;
  private lengths: Promise<number[][]> | undefined;
  /** Per section id, the number of its page; per page, the id of its first (top) section. */
  private readonly pageOf: Uint32Array;
  private readonly pageStart: Uint32Array;

  private constructor(private readonly manifest: SearchManifest, private readonly fetchJson: FetchJson) {
    this.pageOf = new Uint32Array(manifest.documentCount);
    this.pageStart = new Uint32Array(manifest.pages.length);
    let id = 0;
    manifest.pages.forEach((size, page) => {
      this.pageStart[page] = id;
      for (const end = Math.min(id + size, manifest.documentCount); id < end; id += 1) this.pageOf[id] = page;
    });
  }

  static async open(url: string, fetchJson: FetchJson): Promise<SearchEngine> {
    const manifest = (await fetchJson(url)) as SearchManifest;
    if (manifest.version !== SEARCH_INDEX_VERSION) throw new Error(`Unknown search index version ${String(manifest.version)}.`);
    return new SearchEngine(manifest, fetchJson);
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
    const pages = rankPages(matches, (section) => this.pageOf[section] ?? section, groups.map((group) => group.share), await this.titledBy(inTitle, titleLength(query)));
    const top = pages.slice(0, limit);
    const docs = await this.docs(top.map((page) => page.section));
    const hits = top.map((page, i) => {
      const [title, url, heading, excerpt] = docs[i] ?? ['', '', '', ''];
      // The words to mark: those of the result's section and of its page's top section (the title).
      const terms = new Set<string>();
      for (const section of [page.section, this.pageStart[page.page] ?? page.section]) {
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
    const lengths = await this.lengths;
    const titleField = SEARCH_FIELDS.indexOf('title');
    for (const section of first) {
      if (others.every((sections) => sections.has(section)) && lengths?.[section]?.[titleField] === length) pages.add(this.pageOf[section] ?? section);
    }
    return pages;
  }

  private async engineFor(terms: string[]): Promise<MiniSearch> {
    const { manifest } = this;
    const shards = manifest.terms ? [] : this.termShardsFor(terms);
    await Promise.all(shards.map((shard) => this.load(this.loadedTerms, shard.url)));
    const lengths = await (this.lengths ??= manifest.lengths ? Promise.resolve(manifest.lengths) : (this.fetchJson(manifest.lengthsUrl ?? '') as Promise<number[][]>));
    if (this.engine && this.engineTerms === this.loadedTerms.size) return this.engine;
    const all = manifest.terms ?? (await Promise.all(this.loadedTerms.values())).flat();
    this.engine = MiniSearch.loadJS(plainObject(manifest, lengths, all), { fields: [...SEARCH_FIELDS], processTerm, tokenize });
    this.engineTerms = this.loadedTerms.size;
    return this.engine;
  }

  /** Term shards whose range may hold each term, words starting with it, or near misses of it. */
  private termShardsFor(terms: string[]): SearchShardRef[] {
    const shards = this.manifest.termShards ?? [];
    const wanted = new Set<SearchShardRef>();
    for (const term of terms) {
      let first = 0;
      while (first + 1 < shards.length && String(shards[first + 1]?.from) <= term) first += 1;
      for (let i = first; i < shards.length && i < first + MAX_SHARDS_PER_TERM; i += 1) {
        const shard = shards[i];
        if (!shard) break;
        // The next shard too when it starts with words of the same two letters: it may hold
        // longer words with this prefix or the word a typo ("webhok") was meant to be.
        if (i > first && !String(shard.from).startsWith(term.slice(0, 2))) break;
        wanted.add(shard);
      }
    }
    return [...wanted];
  }

  private async docs(ids: number[]): Promise<(DocRecord | undefined)[]> {
    const { manifest } = this;
    if (manifest.docs) return ids.map((id) => manifest.docs?.[id]);
    const shards = manifest.docShards ?? [];
    const shardOf = (id: number) => {
      let index = 0;
      while (index + 1 < shards.length && Number(shards[index + 1]?.from) <= id) index += 1;
      return shards[index];
    };
    return Promise.all(ids.map(async (id) => {
      const shard = shardOf(id);
      if (!shard) return undefined;
      const records = (await this.load(this.loadedDocs, shard.url)) as DocRecord[];
      return records[id - Number(shard.from)];
    }));
  }

  private load<T>(cache: Map<string, Promise<T>>, url: string): Promise<T> {
    let loading = cache.get(url);
    if (!loading) {
      loading = this.fetchJson(url) as Promise<T>;
      // A failed download is tried again by the next query instead of failing every query.
      loading.catch(() => cache.delete(url));
      cache.set(url, loading);
    }
    return loading;
  }
}

/** What MiniSearch.loadJS reads: doc ids are 0…n-1, so the id maps are rebuilt here, not shipped. */
function plainObject(manifest: SearchManifest, lengths: number[][], index: TermEntry[]): AsPlainObject {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  lengths.forEach((length, id) => {
    documentIds[id] = id;
    fieldLength[id] = length;
  });
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
