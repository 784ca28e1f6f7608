// `npm start`: build the site, serve it on http://localhost:3000, rebuild when a source changes and
// reload open tabs (a stylesheet change applies without a reload; a build error shows as an
// overlay in the page and in the terminal, and clears when fixed).
//
// This process only serves and watches; builds run in a worker process (lib/dev/build-worker.ts)
// that keeps a cache between builds, so a save re-renders only what it affects. A change to the
// build code (lib/, templates/, components/, common/) starts a new worker with the new code. The
// server never stops: a worker that fails to start (say, a syntax error in a component) shows its
// error like any other, and the next save tries again.
import './lib/production-env.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';
import { fileStamp } from './lib/build-cache.ts';
import { readCli } from './lib/cli.ts';
import type { BuildRequest, WorkerReply } from './lib/dev/protocol.ts';
import { LIVE_RELOAD_CLIENT, LiveReload } from './lib/live-reload.ts';
import { createStaticServer } from './lib/static-server.ts';

const root = resolve(import.meta.dirname);
// --site DIR serves another site folder (the browser tests use a fixture); --out DIR builds elsewhere.
const cli = readCli(root, process.argv.slice(2));
const { siteDir, outDir } = cli;
const port = Number(cli.option('--port') ?? process.env.PORT ?? 3000);
const host = cli.has('--host') ? (cli.option('--host') ?? '0.0.0.0') : '127.0.0.1';
/** Folders whose code runs in the build: a change there needs a new worker. */
const BUILD_CODE = ['lib', 'templates', 'components', 'common'].map((dir) => resolve(root, dir));

const live = new LiveReload();

interface Worker {
  process: ChildProcess;
  /** The worker's own error output, shown when it stops before it can answer. */
  stderr: string;
}

let worker: Worker | undefined;

function startWorker(): Worker {
  // The same loader flags as this process (tsx), so the worker runs TypeScript too.
  const child = fork(resolve(root, 'lib/dev/build-worker.ts'), [root, siteDir, outDir], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  const started: Worker = { process: child, stderr: '' };
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    started.stderr += chunk.toString();
  });
  return started;
}

/** Sends one build to the worker (starting one if needed) and waits for its answer or its end. */
function build(changed: string[]): Promise<Exclude<WorkerReply, { type: 'ready' }>> {
  worker ??= startWorker();
  const current = worker;
  current.stderr = '';
  return new Promise((resolve) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.type === 'ready') return;
      current.process.off('exit', onExit);
      current.process.off('message', onMessage);
      resolve(reply);
    };
    const onExit = () => {
      current.process.off('message', onMessage);
      if (worker === current) worker = undefined;
      resolve({ type: 'failed', message: current.stderr.trim() || 'The build process stopped without a message.' });
    };
    current.process.on('message', onMessage);
    current.process.once('exit', onExit);
    current.process.send({ type: 'build', changed } satisfies BuildRequest);
  });
}

function stopWorker(): void {
  worker?.process.kill();
  worker = undefined;
}

async function rebuild(changed: string[] = []): Promise<void> {
  if (changed.some((file) => BUILD_CODE.some((dir) => file.startsWith(dir + sep)))) stopWorker();
  const reply = await build(changed);
  if (reply.type === 'failed') {
    live.failed(reply.message);
    return;
  }
  const stylesheetOnly = changed.length > 0 && changed.every((file) => file.endsWith('.css'));
  live.built(stylesheetOnly, stylesheetOnly ? reply.stylesheet : undefined);
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
let pending: string[] = [];
const sources = [
  ...['content', 'assets'].map((dir) => resolve(siteDir, dir)),
  ...['assets', 'client'].map((dir) => resolve(root, dir)),
  ...BUILD_CODE,
];
/** Builds for the files saved since the last build, one build at a time. */
function schedule(path: string): void {
  pending.push(path);
  clearTimeout(timer);
  // Editors often write a file in several steps; one build for the lot.
  timer = setTimeout(() => {
    const changed = [...new Set(pending)];
    pending = [];
    console.log(`Changed: ${changed.map((file) => relative(file.startsWith(siteDir + sep) ? siteDir : root, file)).join(', ')}`);
    running = running.then(() => rebuild(changed));
  }, 20);
}

/** Each changed file's size and time when it was last seen. */
const seen = new Map<string, string>();
function changedFile(path: string): void {
  seen.set(path, fileStamp(path));
  schedule(path);
  // The watcher drops a second change of a file within 50 ms of the first: look again after that.
  setTimeout(() => {
    if (fileStamp(path) !== seen.get(path)) changedFile(path);
  }, 60);
}
const watcher = watch(sources, { ignoreInitial: true }).on('all', (_event, path) => changedFile(resolve(path)));

// Serve once the first build is done and the watcher sees every file, so no early save is missed.
running = rebuild();
await Promise.all([running, new Promise<void>((resolve) => watcher.once('ready', () => resolve()))]);
const server = createStaticServer({ dir: outDir, handle: live.handle, injectIntoPages: LIVE_RELOAD_CLIENT });
server.listen(port, host, () => {
  console.log(`Serving the documentation at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/ (Ctrl+C to stop)`);
});
process.on('exit', stopWorker);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
