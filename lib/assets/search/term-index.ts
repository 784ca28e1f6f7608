// The inverted index of the search, built with typed arrays, a Map of terms and a table of the
// words met (word-table.ts). It is exactly what MiniSearch's toJSON() gives for the same documents
// and settings, its terms written as JSON by IndexTerm.json() (a unit test holds the two equal),
// without MiniSearch's radix tree, which the build never queries: on 10,000 pages adding the
// sections to MiniSearch took most of the build's time, while these take a fraction of it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_FIELDS, TOKEN_SEPARATOR, processTerm, type SearchField } from '../../../common/search.ts';
import type { SearchSection } from './sections.ts';
import { mergeRuns, RunReader, writeRun, type RunCursor } from './term-runs.ts';
import { FIELD_COUNT, type IndexTerm } from './index-term.ts';
import { grown } from './int-arrays.ts';
import { PostingChains } from './posting-chains.ts';
import { WordTable } from './word-table.ts';

export interface TermIndex {
  documentCount: number;
  /** Per field, the mean number of distinct words (MiniSearch's running mean, to the same bits). */
  averageFieldLength: number[];
  /** Per section, per field, the number of distinct words. */
  fieldLength: FieldLengths;
  /**
   * Each term's postings (term → field id → section id → occurrences), sorted by term, as numbers:
   * no object with thousands of numeric keys is ever built or serialised. Made one at a time as
   * they are read, once, in one IndexTerm refilled for each (copy one to keep it): a large
   * site's index is written shard by shard, so its postings are never held whole
   * (lib/assets/search/build-index.ts). Read to the end (or ended early with return()), it removes
   * the indexer's run files.
   */
  terms: Iterable<IndexTerm>;
}

/** More sections than the index numbers (some 16 million: far beyond any documentation site). */
export const MAX_SECTIONS = 2 ** 24;

/**
 * Postings held before they go to a run file: some 16 MB of numbers plus their blocks' unused room
 * (lib/assets/search/posting-chains.ts). A 10,000-page site has about 4.4 million postings in all.
 */
export const RUN_POSTINGS = 2_000_000;

export interface TermIndexerOptions {
  /**
   * A folder (existing, for this indexer alone) for sorted runs of the postings
   * (lib/assets/search/term-runs.ts), so that the postings held stay bounded; without it every
   * posting stays in memory. The run files are removed once the terms are read; should the build
   * fail before, the folder's maker removes them with it.
   */
  runsDir?: string | undefined;
  /** Postings held, with `runsDir`, before they are written to a run (RUN_POSTINGS by default). */
  runPostings?: number | undefined;
}

/**
 * Each section's field lengths (distinct words per field) in one flat array, grown as sections
 * come: an array per section cost some 80 bytes a section more.
 */
export class FieldLengths {
  private values = new Uint32Array(1024);
  private size = 0;

  constructor(readonly fields: number) {}

  get count(): number {
    return this.size / this.fields;
  }

  add(lengths: number[]): void {
    if (this.size + this.fields > this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    for (let field = 0; field < this.fields; field += 1) this.values[this.size + field] = lengths[field] ?? 0;
    this.size += this.fields;
  }

  /** A section's length in one field. */
  at(id: number, field: number): number {
    return this.values[id * this.fields + field] ?? 0;
  }

  /** A section's lengths, per field. */
  of(id: number): number[] {
    return Array.from(this.values.subarray(id * this.fields, (id + 1) * this.fields));
  }

  /**
   * Per field, the mean: MiniSearch keeps a running mean, (mean × count + length) / (count + 1),
   * as sections are added; the same arithmetic in the same order gives the same floating-point result.
   */
  averages(): number[] {
    const averages: number[] = [];
    for (let id = 0; id < this.count; id += 1) {
      for (let field = 0; field < this.fields; field += 1) {
        averages[field] = ((averages[field] ?? 0) * id + (this.values[id * this.fields + field] ?? 0)) / (id + 1);
      }
    }
    return averages;
  }

  /** As JSON.stringify writes the list of each section's lengths: `[[1,0,…],…]`. */
  json(): string {
    const parts: string[] = [];
    let part: string[] = [];
    for (let id = 0; id < this.count; id += 1) {
      part.push(`[${this.values.subarray(id * this.fields, (id + 1) * this.fields).join(',')}]`);
      // Joined a few thousand at a time, so as not to hold a string per section at once.
      if (part.length === 4096) {
        parts.push(part.join(','));
        part = [];
      }
    }
    if (part.length > 0) parts.push(part.join(','));
    return `[${parts.join(',')}]`;
  }
}

/**
 * The inverted index, fed one section at a time: what it keeps is the postings (numbers) and each
 * section's field lengths, never the sections' text, so a large site's sections need not all be
 * held at once. With a runs folder the postings held are bounded too: past `runPostings`, they
 * go to a sorted run on disk, merged with the others at the end.
 */
export class TermIndexer {
  // Each distinct word is processed once: word → word number → term number (-1: not indexed, a
  // stop word). Term numbers are the indexer's for all runs; a run keeps postings only for the
  // terms it met.
  private readonly words = new WordTable();
  private wordTerms = new Int32Array(1024);
  /** The words of the field being added, by number, in order (grown as a field needs). */
  private fieldWords = new Int32Array(1024);
  // A section's field is counted with stamps, not a Set and a Map made for each: a word or term
  // whose stamp is this field's was met in it already (its distinct words; its terms' counts).
  private stamp = 0;
  private wordStamps = new Int32Array(1024);
  private termStamps = new Int32Array(1024);
  private termCounts = new Int32Array(1024);
  /** The terms met in the current field, in the order met. */
  private readonly touched: number[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly termNames: string[] = [];
  /**
   * This run's postings, a chain for each of its terms and each field: chain slot × fields + field
   * id, where a term's slot is its place in runTerms (so the chains' tables grow with a run's terms,
   * not with every term of the site).
   */
  private readonly chains = new PostingChains();
  /** The terms with postings in this run. */
  private runTerms: number[] = [];
  /** By term number, its slot in the run it last had postings in: this run's if runTerms has it there. */
  private termSlots = new Int32Array(1024);
  /** The run files written so far, in order. */
  private readonly runs: string[] = [];
  private readonly fieldLength = new FieldLengths(SEARCH_FIELDS.length);
  private readonly runsDir: string | undefined;
  private readonly runPostings: number;

  constructor({ runsDir, runPostings = RUN_POSTINGS }: TermIndexerOptions = {}) {
    this.runsDir = runsDir;
    this.runPostings = runPostings;
  }

  get documentCount(): number {
    return this.fieldLength.count;
  }

  add(section: SearchSection): void {
    const id = this.fieldLength.count;
    if (id >= MAX_SECTIONS) throw new Error(`The search index takes at most ${MAX_SECTIONS} sections; this site has more.`);
    const lengths: number[] = [];
    const { chains, touched } = this;
    for (let fieldId = 0; fieldId < SEARCH_FIELDS.length; fieldId += 1) {
      const text = section[SEARCH_FIELDS[fieldId] as SearchField] ?? '';
      // A new stamp for each field of each section: a word or term seen in this field has it.
      const stamp = (this.stamp += 1);
      let distinct = 0;
      const count = this.scan(text);
      for (let at = 0; at < count; at += 1) {
        const word = this.fieldWords[at] as number;
        if (this.wordStamps[word] !== stamp) {
          this.wordStamps[word] = stamp;
          distinct += 1;
        }
        const termId = this.wordTerms[word] as number;
        if (termId < 0) continue;
        if (this.termStamps[termId] === stamp) {
          (this.termCounts[termId] as number) += 1;
        } else {
          this.termStamps[termId] = stamp;
          this.termCounts[termId] = 1;
          touched.push(termId);
        }
      }
      lengths[fieldId] = distinct;
      for (const termId of touched) {
        const slot = this.termSlots[termId] as number;
        if (this.runTerms[slot] !== termId) {
          this.termSlots[termId] = this.runTerms.length;
          this.runTerms.push(termId);
          chains.reserve(this.runTerms.length * FIELD_COUNT);
        }
        chains.add((this.termSlots[termId] as number) * FIELD_COUNT + fieldId, id, this.termCounts[termId] as number);
      }
      touched.length = 0;
    }
    this.fieldLength.add(lengths);
    // Between sections, so that each run has whole sections and a term's ids ascend across runs.
    if (this.runsDir !== undefined && chains.size > this.runPostings) this.writeRun(this.runsDir);
  }

  /**
   * The words of a field's text, as numbers, into fieldWords; how many. The words are what
   * tokenize() of common/search.ts gives: in ASCII text (most), the runs of letters, digits and
   * underscores, found by a scan; in other text, its split on the Unicode classes.
   */
  private scan(text: string): number {
    let count = 0;
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(text)) {
      for (let at = 0; at < text.length;) {
        while (at < text.length && !isWordCode(text.charCodeAt(at))) at += 1;
        if (at === text.length) break;
        const start = at;
        while (at < text.length && isWordCode(text.charCodeAt(at))) at += 1;
        count = this.note(this.word(text, start, at), count);
      }
      return count;
    }
    for (const token of text.split(TOKEN_SEPARATOR)) if (token !== '') count = this.note(this.word(token, 0, token.length), count);
    return count;
  }

  /** `word` as the field's word at `count`; the new count. */
  private note(word: number, count: number): number {
    if (count === this.fieldWords.length) this.fieldWords = grown(this.fieldWords, count + 1);
    this.fieldWords[count] = word;
    return count + 1;
  }

  /** The number of the word text[start, end), given when it is first met, with its term number worked out once. */
  private word(text: string, start: number, end: number): number {
    const known = this.words.size;
    const word = this.words.numberOf(text, start, end);
    if (word === known) {
      const term = processTerm(this.words.words[word] as string);
      const termId = term === null ? -1 : this.termId(term);
      if (word >= this.wordTerms.length) {
        this.wordTerms = grown(this.wordTerms, word + 1);
        this.wordStamps = grown(this.wordStamps, word + 1);
      }
      this.wordTerms[word] = termId;
    }
    return word;
  }

  /**
   * The index, once every section is in. Its terms are read once, in order: the runs are read as
   * the terms are, so their postings are never held whole.
   */
  finish(): TermIndex {
    const { fieldLength, runs } = this;
    const held = this.heldRun();
    function* terms(): Generator<IndexTerm> {
      const readers: RunReader[] = [];
      try {
        for (const path of runs) readers.push(new RunReader(path));
        yield* mergeRuns([...readers, held]);
      } finally {
        for (const reader of readers) reader.close();
        for (const path of runs.splice(0)) rmSync(path, { force: true });
      }
    }
    return { documentCount: fieldLength.count, averageFieldLength: fieldLength.averages(), fieldLength, terms: terms() };
  }

  /** This run's terms in order, read from the chains, which are emptied for the next run once all are. */
  private heldRun(): RunCursor {
    const { termNames, termSlots, chains } = this;
    const order = this.runTerms.sort((a, b) => {
      const x = termNames[a] ?? '';
      const y = termNames[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.runTerms = [];
    let at = 0;
    const termAt = () => {
      if (at < order.length) return termNames[order[at] as number] ?? '';
      chains.clear();
      return undefined;
    };
    const cursor = {
      term: termAt(),
      readField(field: number, out: IndexTerm): void {
        chains.readInto((termSlots[order[at] as number] as number) * FIELD_COUNT + field, field, out);
      },
      advance(): void {
        at += 1;
        cursor.term = termAt();
      },
    };
    return cursor;
  }

  private writeRun(runsDir: string): void {
    const path = join(runsDir, `terms-${this.runs.length}.run`);
    this.runs.push(path);
    writeRun(path, mergeRuns([this.heldRun()]));
  }

  private termId(term: string): number {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termNames.length;
      this.termNames.push(term);
      if (termId >= this.termStamps.length) {
        this.termStamps = grown(this.termStamps, termId + 1);
        this.termCounts = grown(this.termCounts, termId + 1);
        this.termSlots = grown(this.termSlots, termId + 1);
      }
      this.termIds.set(term, termId);
    }
    return termId;
  }
}

/** The items mapped one at a time, as they are read. */
export function* mapIterable<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

export function indexSections(sections: SearchSection[]): TermIndex {
  const indexer = new TermIndexer();
  for (const section of sections) indexer.add(section);
  return indexer.finish();
}


/** An ASCII letter, digit or underscore: what TOKEN_SEPARATOR does not split on in ASCII text. */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}
