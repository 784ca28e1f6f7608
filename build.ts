// `npm run build`: a production build of the site into dist/, with a per-stage timing table.
import './lib/render/production-env.ts';
import { resolve } from 'node:path';
import { readCli } from './lib/cli.ts';
import { buildSite } from './lib/pipeline.ts';
import { printFailure, printSummary } from './lib/report.ts';

const root = resolve(import.meta.dirname);
const { siteDir, outDir } = readCli(root, process.argv.slice(2));
const started = performance.now();
try {
  const result = await buildSite({ root, siteDir, outDir });
  printSummary(result, performance.now() - started);
} catch (error) {
  printFailure(error);
  process.exitCode = 1;
}
