// `npm start`: build the site, serve it on http://localhost:3000, rebuild when a source changes and
// reload open tabs (a stylesheet change applies without a reload; a build error shows as an
// overlay in the page and in the terminal, and clears when fixed).
//
// This process only serves and watches; builds run in a worker process (lib/dev/build-worker.ts)
// that keeps a cache between builds, so a save re-renders only what it affects. A change to the
// build code (lib/, templates/, components/, common/) starts a new worker with the new code (from a
// new bundle, when the server runs from one: scripts/launch.mjs). The server never stops: a worker
// that fails to start (say, a syntax error in a component) shows its error like any other, and the
// next save tries again.
import '../render/production-env.ts';
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { resolve, sep } from 'node:path';
import { removeSpillFoldersOf } from '../runtime/spill.ts';
import { CliError, parsePort, readCli } from '../cli.ts';
import type { BuildRequest, WorkerReply } from './protocol.ts';
import { changedLine } from './changed-line.ts';
import { LIVE_RELOAD_CLIENT, LiveReload } from './live-reload.ts';
import { SourceWatcher } from './source-watcher.ts';
import { createStaticServer } from './static-server.ts';
import { docusaurusSources } from '../load/docusaurus/config.ts';

/**
 * Starts the server of `npm start` for the generator at `root` with the command's arguments;
 * resolves once the first build is done and the site is served. `workerEntry` gives the file of
 * the build worker to start, with the generator's code as it is now (a new worker comes after each
 * change to the build code).
 */
export async function startDevServer(root: string, args: readonly string[], workerEntry: () => Promise<string>): Promise<void> {
  // --site DIR serves another site folder (the browser tests use a fixture); --out DIR builds elsewhere.
  const cli = readCli(root, args, { '--port': 'N', '--host': 'ADDRESS' });
  const { siteDir, outDir } = cli;
  const port = readPort();
  /** 127.0.0.1 unless the author opts into the network (--host 0.0.0.0) or names an address. */
  const host = cli.option('--host') ?? '127.0.0.1';

  function readPort(): number {
    const flag = cli.option('--port');
    try {
      return parsePort(flag ?? process.env.PORT ?? '3000', flag === undefined && process.env.PORT !== undefined ? 'PORT' : '--port');
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      process.exit(2);
    }
  }

  /** Folders whose code runs in the build: a change there needs a new worker. */
  const BUILD_CODE = ['lib', 'templates', 'components', 'common'].map((dir) => resolve(root, dir));

  const live = new LiveReload();

  interface Worker {
    process: ChildProcess;
    /** The worker's own error output, shown when it stops before it can answer. */
    stderr: string;
  }

  let worker: Worker | undefined;
  // However this process ends, its build worker ends with it (the worker also exits when it loses us).
  process.on('exit', () => stopWorker());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(0));

  function startWorker(entry: string): Worker {
    // The same Node flags as this process: from the sources, tsx's loader, so the worker runs TypeScript too.
    const child = fork(entry, [root, siteDir, outDir], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    const started: Worker = { process: child, stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      started.stderr += chunk.toString();
    });
    return started;
  }

  /** Sends one build to the worker (starting one if needed) and waits for its answer or its end. */
  async function build(changed: string[]): Promise<Exclude<WorkerReply, { type: 'ready' }>> {
    if (!worker) {
      let entry: string;
      try {
        entry = await workerEntry();
      } catch (error) {
        // Bundling the changed build code failed (a syntax error, say): shown like a build error.
        return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      worker = startWorker(entry);
    }
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
      // While the watcher watches every folder, the paths it reported since the last build are all
      // that changed, and the worker may skip walking the docs folder (lib/load/known-tree.ts).
      current.process.send({ type: 'build', changed: watcher.complete ? changed : undefined } satisfies BuildRequest);
    });
  }

  function stopWorker(): void {
    // (Called from the 'exit' handler too, so it stays synchronous.) Killed outright: a worker in
    // the middle of a stage runs no signal handler until the stage ends (minutes on a site of
    // 100,000 pages), and would go on writing the output folder beside the next worker. The files
    // of its cache are removed here instead, and again once it has ended (should it have made one
    // meanwhile); a file a killed worker was writing into the output folder goes with the next
    // worker's first build, which writes a fresh folder and swaps it in.
    const stopping = worker?.process;
    worker = undefined;
    if (!stopping || stopping.exitCode !== null || stopping.signalCode !== null || stopping.pid === undefined) return;
    const { pid } = stopping;
    stopping.once('exit', () => removeSpillFoldersOf(pid));
    stopping.kill('SIGKILL');
    removeSpillFoldersOf(pid);
  }

  /** Builds and tells the tabs; true when the build succeeded. */
  async function rebuild(changed: string[] = []): Promise<boolean> {
    if (changed.some((file) => BUILD_CODE.some((dir) => file.startsWith(dir + sep)))) stopWorker();
    const reply = await build(changed);
    if (reply.type === 'failed') {
      live.failed(reply.message);
      return false;
    }
    const stylesheetOnly = changed.length > 0 && changed.every((file) => file.endsWith('.css'));
    live.built(stylesheetOnly, stylesheetOnly ? reply.stylesheet : undefined);
    return true;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let pending: string[] = [];
  const sources = [
    ...['content', 'assets', ...docusaurusSources(siteDir)].map((dir) => resolve(siteDir, dir)),
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
      console.log(changedLine(changed, siteDir, root));
      running = running.then(async () => {
        await rebuild(changed);
      });
    }, 20);
  }

  // Made before the first build is asked for, so that no save goes unseen: each path is reported as
  // it changes, to `schedule`.
  const watcher = new SourceWatcher(sources, schedule, (message) => console.error(message));

  // Listen first, so a busy port is told at once, not after the first build.
  const server = createStaticServer({ dir: outDir, handle: live.handle, injectIntoPages: LIVE_RELOAD_CLIENT, allowedHosts: [host] });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(listenFailure(error));
    process.exit(1);
  });
  const listening = new Promise<void>((resolve) => server.listen(port, host, resolve));

  // Announce once the first build is done.
  const first = rebuild();
  running = first.then(() => undefined);
  await Promise.all([running, listening]);
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  console.log(`Serving the documentation at http://${shownHost}:${(server.address() as AddressInfo).port}/ (Ctrl+C to stop)`);

  /** One line for the author instead of a stack: what went wrong and what to type instead. */
  function listenFailure(error: NodeJS.ErrnoException): string {
    switch (error.code) {
      case 'EADDRINUSE':
        return `Port ${port} is in use; use --port N or PORT=N.`;
      case 'EACCES':
        return `Port ${port} needs administrator rights; use a port above 1023 with --port N or PORT=N.`;
      case 'EADDRNOTAVAIL':
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `Cannot listen on "${host}": it is not an address of this machine; use --host 127.0.0.1, or --host 0.0.0.0 to serve on the network.`;
      default:
        return `Cannot serve on ${host}:${port}: ${error.message}`;
    }
  }
}
