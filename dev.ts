// `npm start`: build the site, serve it on http://localhost:3000 and rebuild when a source changes.
// (Incremental rebuilds and live reload come with the authoring-mode work; this rebuilds in full.)
import './lib/production-env.ts';
import { resolve } from 'node:path';
import { watch } from 'chokidar';
import { buildSite } from './lib/pipeline.ts';
import { printFailure, printSummary } from './lib/report.ts';
import { createStaticServer } from './lib/static-server.ts';

const root = resolve(import.meta.dirname);
const outDir = resolve(root, 'dist');
const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const port = Number(flag('--port') ?? process.env.PORT ?? 3000);
const host = args.includes('--host') ? (flag('--host') ?? '0.0.0.0') : '127.0.0.1';

async function rebuild(): Promise<void> {
  const started = performance.now();
  try {
    printSummary(await buildSite({ root, outDir }), performance.now() - started);
  } catch (error) {
    // A broken page keeps the last good site on screen; the fix rebuilds it.
    printFailure(error);
  }
}

await rebuild();
const server = createStaticServer({ dir: outDir });
server.listen(port, host, () => {
  console.log(`Serving the documentation at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`);
});

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
const sources = ['content', 'assets', 'templates', 'components', 'client', 'lib', 'common'].map((dir) => resolve(root, dir));
watch(sources, { ignoreInitial: true }).on('all', () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(rebuild);
  }, 50);
});
