// `npm start`: build the site, serve it on http://localhost:3000, rebuild when a source changes and
// reload open tabs (a build error shows as an overlay in the page and in the terminal).
// Every change rebuilds the whole site for now; incremental rebuilds are still to come.
import './lib/production-env.ts';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { watch } from 'chokidar';
import { readCli } from './lib/cli.ts';
import { buildSite } from './lib/pipeline.ts';
import { LIVE_RELOAD_CLIENT, LiveReload } from './lib/live-reload.ts';
import { printFailure, printSummary } from './lib/report.ts';
import { createStaticServer } from './lib/static-server.ts';

const root = resolve(import.meta.dirname);
// --site DIR serves another site folder (the browser tests use a fixture); --out DIR builds elsewhere.
const cli = readCli(root, process.argv.slice(2));
const { siteDir, outDir } = cli;
const port = Number(cli.option('--port') ?? process.env.PORT ?? 3000);
const host = cli.has('--host') ? (cli.option('--host') ?? '0.0.0.0') : '127.0.0.1';

const live = new LiveReload();

async function rebuild(changed: string[] = []): Promise<void> {
  const started = performance.now();
  try {
    printSummary(await buildSite({ root, siteDir, outDir }), performance.now() - started);
    const stylesheetOnly = changed.length > 0 && changed.every((file) => file.endsWith('.css'));
    live.built(stylesheetOnly, stylesheetOnly ? currentStylesheet() : undefined);
  } catch (error) {
    // A broken page keeps the last good site on screen; the fix rebuilds it.
    printFailure(error);
    live.failed(error instanceof Error ? error.message : String(error));
  }
}

function currentStylesheet(): string | undefined {
  const dir = resolve(outDir, 'assets/css');
  const name = existsSync(dir) ? readdirSync(dir).find((file) => file.endsWith('.css')) : undefined;
  return name ? `/assets/css/${name}` : undefined;
}

await rebuild();
const server = createStaticServer({ dir: outDir, handle: live.handle, injectIntoPages: LIVE_RELOAD_CLIENT });
server.listen(port, host, () => {
  console.log(`Serving the documentation at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`);
});

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
let pending: string[] = [];
const sources = [
  ...['content', 'assets'].map((dir) => resolve(siteDir, dir)),
  ...['assets', 'templates', 'components', 'client', 'lib', 'common'].map((dir) => resolve(root, dir)),
];
watch(sources, { ignoreInitial: true }).on('all', (_event, path) => {
  pending.push(path);
  clearTimeout(timer);
  timer = setTimeout(() => {
    const changed = pending;
    pending = [];
    running = running.then(() => rebuild(changed));
  }, 50);
});
