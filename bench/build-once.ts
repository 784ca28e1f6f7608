// One production build in a process of its own, for the benchmark: prints what the parent cannot
// see from outside (the pipeline's own time and stages, and the process's peak memory, worker
// threads included) as one line of JSON. The parent times the whole process.
import { resolve } from 'node:path';
import { readCli } from '../lib/cli.ts';
import { buildSite } from '../lib/pipeline.ts';

const root = resolve(import.meta.dirname, '..');
const { siteDir, outDir } = readCli(root, process.argv.slice(2));
const started = performance.now();
const result = await buildSite({ root, siteDir, outDir });
const pipelineMs = performance.now() - started;
console.log(JSON.stringify({
  pages: result.pages,
  files: result.files,
  pipelineMs,
  timings: result.timings,
  // resourceUsage() gives kilobytes.
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
}));
