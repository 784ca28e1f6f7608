// Assets, search index: on a large site the index is the biggest single task after rendering, and
// the two are independent, so a large production build (lib/runtime/threaded.ts) builds the index
// in its helper thread while the main thread renders and writes the pages. The pages need the
// index's URL before it exists, so its entry file is named by a hash of what determines its content
// (the pages, the synonyms and the code that indexes them) instead of by the content itself; the
// shards it points to keep their content hashes. Every runtime names the entry file this way, so
// the three write the same bytes (test/unit/build-modes.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchSynonyms } from '../../../common/search.ts';
import type { BuiltSearchIndex } from './build-index.ts';
import type { PageForSearch, SearchSection } from './sections.ts';
import type { SpilledText } from '../../runtime/spill.ts';

/** Everything whose change changes the index files for the same sections. */
const INDEXING_SOURCES = ['lib/assets/search/build-index.ts', 'lib/assets/search/shard-terms.ts', 'lib/assets/search/term-index.ts', 'lib/assets/search/term-runs.ts', 'lib/assets/search/word-table.ts', 'lib/assets/search/sections.ts', 'common/search.ts'];

/**
 * What the worker indexes: the doc pages (split into sections there) and sections made already;
 * the synonym table goes into the manifest.
 */
export interface IndexInput {
  pages: PageForSearch[];
  extra: SearchSection[];
  synonyms: SearchSynonyms;
}

export interface IndexJob {
  /**
   * IndexInput as JSON (one string crosses to the worker faster than many objects): the pages the
   * main thread transformed; the helper adds the pages it transformed itself after them.
   */
  inputJson: string;
  entryName: string;
  /** URL of dist/assets/search/, with the base URL. */
  folderUrl: string;
  /**
   * The folder (existing) that the helper writes the index files into itself. Sending them back
   * would hold them three times at the end of the build (the helper's, the message's and the main
   * thread's copies): on 10,000 pages the build's peak memory.
   */
  outputDir: string;
  /** Where the HTML of `pages` is, when they come without it (a spill file, lib/runtime/spill.ts): one place a page. */
  spilled?: { file: string; at: SpilledText[] } | undefined;
  /**
   * A folder (existing, empty) for the index's sorted runs of postings (lib/assets/search/term-runs.ts),
   * made by the main thread in its spill folder, which it removes whatever the helper does.
   */
  runsDir?: string | undefined;
}

export interface IndexJobResult {
  /** How many files the helper wrote into the job's folder. */
  written: number;
  index: Omit<BuiltSearchIndex, 'url'>;
}

/**
 * The job for the helper thread. `ours` are the pages the main thread transformed, `all` every page
 * in order (the helper's own come last): the entry file's name covers all of them.
 */
export function indexJob(root: string, baseUrl: string, ours: PageForSearch[], all: PageForSearch[], extra: SearchSection[], outputDir: string,
  synonyms: SearchSynonyms, spilled?: IndexJob['spilled'], runsDir?: string): IndexJob {
  const input: IndexInput = { pages: ours, extra, synonyms };
  const digest = createHash('sha256');
  for (const path of INDEXING_SOURCES) digest.update(readFileSync(join(root, path)));
  // Field by field: serialising 10,000 pages only to hash them took a third of a second.
  for (const page of all) {
    for (const part of [page.title, page.description, page.url, page.html, String(page.tags.length), ...page.tags, String(page.keywords.length), ...page.keywords]) {
      digest.update(part).update('\0');
    }
    // An unlisted page gives no sections: the entry's name follows when a page becomes unlisted.
    if (page.unlisted) digest.update('unlisted\0');
    digest.update('\n');
  }
  digest.update(JSON.stringify(extra)).update('\0').update(JSON.stringify(synonyms));
  return { inputJson: JSON.stringify(input), entryName: `search-index.${digest.digest('hex').slice(0, 10)}.json`, folderUrl: `${baseUrl}assets/search/`, outputDir, spilled, runsDir };
}
