// On a large site the search index is the biggest single task after rendering, and the two are
// independent: the index is built in a worker thread, on the second core, while the main thread
// renders and writes the pages. The pages need the index's URL before it exists, so its entry file
// is named by a hash of what determines its content (the pages and the code that indexes
// them) instead of by the content itself; the shards it points to keep their content hashes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BuiltSearchIndex } from './build-index.ts';
import type { PageForSearch, SearchSection } from './sections.ts';

/**
 * Below this many doc pages the index takes well under a second and the worker's start-up (it
 * loads its modules anew) would cost more than it saves: the index is built in line.
 */
export const WORKER_MIN_PAGES = 1000;

/** Everything whose change changes the index files for the same sections. */
const INDEXING_SOURCES = ['lib/search/build-index.ts', 'lib/search/term-index.ts', 'lib/search/sections.ts', 'common/search.ts'];

/** What the worker indexes: the doc pages (split into sections there) and sections made already. */
export interface IndexInput {
  pages: PageForSearch[];
  extra: SearchSection[];
}

export interface IndexJob {
  /** IndexInput as JSON: one string crosses to the worker faster than many objects. */
  inputJson: string;
  entryName: string;
  /** URL of dist/assets/search/, with the base URL. */
  folderUrl: string;
}

export interface IndexJobResult {
  files: [string, string][];
  index: Omit<BuiltSearchIndex, 'url'>;
}

export function startIndexWorker(root: string, baseUrl: string, input: IndexInput): { url: string; done: Promise<IndexJobResult>; stop: () => void } {
  const inputJson = JSON.stringify(input);
  const digest = createHash('sha256');
  for (const path of INDEXING_SOURCES) digest.update(readFileSync(join(root, path)));
  const entryName = `search-index.${digest.update(inputJson).digest('hex').slice(0, 10)}.json`;
  const job: IndexJob = { inputJson, entryName, folderUrl: `${baseUrl}assets/search/` };
  // A worker does not inherit the TypeScript loader of the main thread: it registers it first.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./index-worker.ts', import.meta.url).href)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: job });
  const done = new Promise<IndexJobResult>((resolve, reject) => {
    worker.once('message', (result: IndexJobResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The search index worker stopped (exit code ${code}) before it sent the index.`)));
  });
  // Awaited only after the pages are rendered; a failure meanwhile must not count as unhandled.
  done.catch(() => undefined);
  return { url: `${job.folderUrl}${entryName}`, done, stop: () => void worker.terminate() };
}
