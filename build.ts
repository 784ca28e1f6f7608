// `npm run build`: a production build of the site into dist/, with a per-stage timing table.
import './lib/production-env.ts';
import { resolve } from 'node:path';
import { buildSite } from './lib/pipeline.ts';
import { printFailure, printSummary } from './lib/report.ts';

const root = resolve(import.meta.dirname);
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
// --site DIR builds another site folder (a test fixture, say); --out DIR writes elsewhere than dist/.
const siteDir = resolve(option('--site') ?? root);
const outDir = resolve(option('--out') ?? resolve(root, 'dist'));
const started = performance.now();
try {
  const result = await buildSite({ root, siteDir, outDir });
  printSummary(result, performance.now() - started);
} catch (error) {
  printFailure(error);
  process.exitCode = 1;
}
