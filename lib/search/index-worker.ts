// Worker thread: builds the search index of a large site while the main thread renders the pages
// (lib/search/parallel.ts). Its files are named as the build names them: the entry file by the
// name it was given, every other file by its content hash.
import { parentPort, workerData } from 'node:worker_threads';
import { hashedName } from '../content-hash.ts';
import { buildSearchIndex } from './build-index.ts';
import type { IndexInput, IndexJob, IndexJobResult } from './parallel.ts';
import { pageSections } from './sections.ts';

const job = workerData as IndexJob;
const input = JSON.parse(job.inputJson) as IndexInput;
const sections = [...input.pages.flatMap(pageSections), ...input.extra];
const files: [string, string][] = [];
const { url: _url, ...index } = buildSearchIndex(sections, (name, content) => {
  const fileName = name === 'search-index.json' ? job.entryName : hashedName(name, content);
  files.push([fileName, content]);
  return `${job.folderUrl}${fileName}`;
});
const result: IndexJobResult = { files, index };
parentPort?.postMessage(result);
