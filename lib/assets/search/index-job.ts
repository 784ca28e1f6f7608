// Assets, search index: on a large site the index is the biggest single task after rendering, and
// the two are independent, so a large production build (lib/runtime/threaded.ts) builds the index
// in its helper thread, from the end of the transform on, while the main thread assembles, renders
// and writes the pages. The pages need the index's URL before it exists, so its entry file is
// named by a hash of what determines its content (the pages, the synonyms and the code that
// indexes them) instead of by the content itself; the shards it points to keep their content
// hashes. Every runtime names the entry file this way, so
// the three write the same bytes (test/unit/build-modes.test.ts).
import { createHash, type Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchSynonyms } from '../../../common/search.ts';
import type { BuiltSearchIndex } from './build-index.ts';
import type { PageDigestsHash } from '../../runtime/page-digests-hash.ts';
import { searchInputOf, type PageForSearch, type SearchSection } from './sections.ts';
import type { SpilledText } from '../../runtime/spill.ts';

/** Everything whose change changes the index files for the same sections. */
export const INDEXING_SOURCES = ['lib/assets/search/build-index.ts', 'lib/assets/search/index-term.ts', 'lib/assets/search/int-arrays.ts', 'lib/assets/search/posting-chains.ts', 'lib/assets/search/shard-terms.ts', 'lib/assets/search/term-index.ts', 'lib/assets/search/term-runs.ts', 'lib/assets/search/word-table.ts', 'lib/assets/search/sections.ts', 'common/search.ts'];

/** What the search job adds after the pages, and the synonym table, which goes into the manifest. */
export interface IndexInput {
  /** Sections made already: the category pages' (a production build), or every section (`npm start`'s cache keeps them). */
  sections: SearchSection[];
  synonyms: SearchSynonyms;
}

/**
 * Where the helper writes the index's files and keeps its sorted runs, given with the first
 * request of an index.
 */
export interface IndexFolders {
  /**
   * The folder (existing) that the helper writes the index files into itself. Sending them back
   * would hold them three times at the end of the build (the helper's, the message's and the main
   * thread's copies): on 10,000 pages the build's peak memory.
   */
  outputDir: string;
  /**
   * `npm start`'s jobs: the files go into one file, `index-files` in `outputDir`, one after the
   * other (IndexJobResult.inOneFile says where each is), instead of a file each. Its cache keeps
   * them in a file of its own anyway: on 100,000 pages, taking in the ~21,500 files one by one
   * cost the main thread 2.2–3.5 s, and removing them 8 s (profiled).
   */
  inOneFile?: boolean | undefined;
  /** URL of dist/assets/search/, with the base URL. */
  folderUrl: string;
  /**
   * A folder (existing, empty) for the index's sorted runs of postings (lib/assets/search/term-runs.ts),
   * made by the main thread in its spill folder, which it removes whatever the helper does.
   */
  runsDir?: string | undefined;
}

/** URL of dist/assets/search/, where the index's files go (the base URL in front). */
export function searchFolderUrl(baseUrl: string): string {
  return `${baseUrl}assets/search/`;
}

/**
 * A production build's doc pages, which the helper indexes once the markdown is transformed (the
 * main thread's, then its own), while the main thread assembles the site; the search job (IndexJob)
 * ends the index.
 */
export interface IndexPagesJob extends IndexFolders {
  /** The main thread's pages (PageForSearch[]) as JSON, without their HTML: one string crosses to the worker faster than many objects. */
  pagesJson: string;
  /** Where each page's HTML is (in the main thread's spill file, lib/runtime/spill.ts). */
  spilled: { file: string; at: SpilledText[] };
}

/**
 * searchInputOf without the HTML, as plain data to send to another thread, which reads each
 * page's HTML where the build keeps it (a production build's helper, `npm start`'s first build).
 * Here, not in sections.ts, whose text names the index's entry file (INDEXING_SOURCES): what the
 * build sends a thread does not change the index.
 */
export function searchInputWithoutHtml(baseUrl: string, doc: Parameters<typeof searchInputOf>[1]): PageForSearch {
  const { title, description, url, tags, keywords, unlisted } = searchInputOf(baseUrl, doc);
  return unlisted ? { title, description, url, html: '', tags, keywords, unlisted } : { title, description, url, html: '', tags, keywords };
}

/** The job that ends the index: in a production build, the one its pages began (IndexPagesJob); else a new one. */
export interface IndexJob extends IndexFolders {
  /** IndexInput as JSON; without it, in the stored sections' file (`storedSections.input`). */
  inputJson?: string | undefined;
  entryName: string;
  /**
   * Sections indexed before the input's (`npm start`'s cache): each doc's as a JSON array in a
   * file, read one doc at a time. Sent as one text, every section of 100,000 docs was some 600 MB,
   * held and parsed at once. `places`: each doc's offset and length there, in pairs; `input`: where
   * IndexInput's JSON is there (lib/runtime/stored-sections.ts).
   */
  storedSections?: { file: string; places: Float64Array; input: SpilledText } | undefined;
  /**
   * Pages whose sections the helper makes, indexed before the input's (`npm start`'s first build,
   * whose cache keeps none yet): the pages without their HTML (PageForSearch[] as JSON), where each
   * page's HTML is (`html`: a link to the cache's file and the places there), and a new file
   * (`keepFile`) for each page's sections as JSON, which the cache takes for the next saves
   * (IndexJobResult.keptSections). Made by the build process, the sections of 100,000 docs were ~7 s
   * of its first build's assets stage (9.7 s; 2.8 s without them) while this thread waited for them.
   */
  docPages?: { pagesJson: string; html: { file: string; at: SpilledText[] }; keepFile: string } | undefined;
}

export interface IndexJobResult {
  /** How many files the helper wrote into the job's folder. */
  written: number;
  index: Omit<BuiltSearchIndex, 'url'>;
  /** With IndexFolders.inOneFile: each file's name and where it is in `index-files`, in the order written. */
  inOneFile?: [string, SpilledText][] | undefined;
  /** With IndexJob.docPages: where each page's sections are in its `keepFile`, as offset and length pairs. */
  keptSections?: Float64Array | undefined;
}

/** The file of IndexFolders.inOneFile, in the job's `outputDir`. */
export const INDEX_FILES = 'index-files';

/**
 * The name of the index's entry file: a digest of what the index is made from (its pages in order,
 * the sections added after them, the synonyms and the code that indexes them). Each page comes in
 * as its own digest (`pageDigests`, pageInputDigest's), which `npm start` keeps for a doc while the
 * doc is the same: digesting every page's HTML again took ~0.1 s a save on 10,000 pages. With
 * `kept` (`npm start`), the hash goes on from the last call's state where the digests are the same.
 */
export function indexEntryName(root: string, pageDigests: string[], extra: SearchSection[], synonyms: SearchSynonyms, kept?: PageDigestsHash): string {
  const sources = INDEXING_SOURCES.map((path) => readFileSync(join(root, path)));
  let digest: Hash;
  if (kept) digest = kept.after(sources, pageDigests);
  else {
    digest = createHash('sha256');
    for (const source of sources) digest.update(source);
    // One update of them all: the same bytes as one a page, without a call into the hash a page (~70 ms of a profiled save at 100,000 pages).
    digest.update(pageDigests.join(''));
  }
  digest.update(extraBytes(extra)).update('\0').update(JSON.stringify(synonyms));
  return `search-index.${digest.digest('hex').slice(0, 10)}.json`;
}

/**
 * The sections added after the pages as JSON in UTF-8 (the bytes a hash of the text reads), made
 * once per list: `npm start` keeps the category pages' list while no doc's site-wide facts change
 * (lib/assemble/site-parts.ts), and writing it out, every category's items, was ~25 ms of each
 * save at 30,000 pages. Kept as bytes: a hash of a text encodes it again on every call, which
 * alone took ~6 times as long as hashing the bytes (11 MB of JSON, ~45 ms against ~7 ms).
 */
const extraBytesKept = new WeakMap<SearchSection[], Buffer>();
function extraBytes(extra: SearchSection[]): Buffer {
  let bytes = extraBytesKept.get(extra);
  if (bytes === undefined) extraBytesKept.set(extra, (bytes = Buffer.from(JSON.stringify(extra), 'utf8')));
  return bytes;
}

/** What the index reads of a page, as a digest: field by field (serialising 10,000 pages only to hash them took a third of a second). */
export function pageInputDigest(page: PageForSearch): string {
  const digest = createHash('sha256');
  for (const part of [page.title, page.description, page.url, page.html, String(page.tags.length), ...page.tags, String(page.keywords.length), ...page.keywords]) {
    digest.update(part).update('\0');
  }
  // An unlisted page gives no sections: the entry's name follows when a page becomes unlisted.
  if (page.unlisted) digest.update('unlisted\0');
  return digest.digest('base64');
}
