// An author's edit in `npm start` on the real content, two figures per save: write-to-reload-event,
// from writing a markdown file to the event the open tabs receive, and write-to-visible, from the
// same write to the first frame of an open Chromium tab that shows the new text (whether the tab
// swapped the page in place or reloaded it). Used by `npm run bench:dev` (and by the full benchmark).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDS } from '../common/constants.ts';
import { launchBrowser } from '../test/helpers/browser.ts';
import { median } from './median.ts';
import { scriptOptions } from './npm-script.ts';

export interface Spread {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export interface ReloadFigures extends Spread {
  runs: number;
  /** From the write to the first frame that shows the new text in an open tab. */
  visible: Spread;
  /** The tab's own part, run by run: from the event to that frame (the build's time left out, which a busy machine stretches most). */
  eventToVisible: Spread;
}

function spread(times: number[]): Spread {
  return { medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times) };
}

const SENTENCE = 'A sentence saved in run';

/**
 * Runs in every document the tab loads, before the page's own scripts: on each animation frame it
 * notes the runs whose sentence the page content holds, with the frame's time on the wall clock
 * (the frame that paints it). A reload starts a new document, and so a new watch. (A string: a
 * function would reach the page with the helpers the TypeScript loader adds to named functions.)
 */
const WATCH_FOR_SENTENCES = `(() => {
  const seen = window.sentencesSeen = {};
  const pattern = /${SENTENCE} (-?\\d+)\\./g;
  const frame = (time) => {
    const text = document.getElementById(${JSON.stringify(IDS.pageContent)})?.textContent ?? '';
    for (const match of text.matchAll(pattern)) seen[match[1]] ??= performance.timeOrigin + time;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * Listens to the dev server's reload events as an open tab does; each call of the function it gives
 * is the next event's name (an event nobody waits for is dropped).
 */
function reloadEvents(port: number): Promise<() => Promise<string>> {
  const waiting: ((name: string) => void)[] = [];
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${port}/__reload`, (response) => {
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        for (const match of text.matchAll(/^event: (\w+)$/gm)) waiting.shift()?.(match[1] ?? '');
      });
      resolve(() => new Promise<string>((next) => waiting.push(next)));
    }).once('error', reject);
  });
}

/** Starts the dev server on a copy of the real content, saves one page `runs` times, times each save. */
export async function measureSaveToReload(root: string, runs = 15, page = 'content/docs/features/lora.md', route = '/docs/features/lora/'): Promise<ReloadFigures> {
  const site = mkdtempSync(join(tmpdir(), 'pagewright-dev-bench-'));
  cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
  cpSync(join(root, 'assets'), join(site, 'assets'), { recursive: true });
  const port = 4100 + Math.floor(Math.random() * 800);
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'dev.ts'), '--site', site, '--out', join(site, 'dist'), '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const browser = await launchBrowser();
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => { process.stderr.write(chunk); if (chunk.toString().includes('Serving the documentation')) resolve(); });
      server.once('exit', () => reject(new Error('The dev server stopped.')));
    });
    // Listen as an open tab does.
    const nextEvent = await reloadEvents(port);
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await tab.addInitScript({ content: WATCH_FOR_SENTENCES });
    await tab.goto(`http://127.0.0.1:${port}${route}`);
    const file = join(site, page);
    const original = readFileSync(file, 'utf8');
    const eventTimes: number[] = [];
    const visibleTimes: number[] = [];
    const tabTimes: number[] = [];
    // The first saves warm the worker up; they are not counted.
    for (let run = -2; run < runs; run++) {
      const received = nextEvent();
      const written = performance.timeOrigin + performance.now();
      writeFileSync(file, `${original}\n${SENTENCE} ${run}.\n`);
      const event = await received;
      const eventMs = performance.timeOrigin + performance.now() - written;
      if (event === 'error' || event === 'css') throw new Error(`Expected a rebuild event, got "${event}".`);
      const shown = await tab.waitForFunction((key) => (window as unknown as { sentencesSeen?: Record<string, number> }).sentencesSeen?.[key],
        String(run), { timeout: 15000 });
      const visibleMs = Number(await shown.jsonValue()) - written;
      if (run >= 0) {
        eventTimes.push(eventMs);
        visibleTimes.push(visibleMs);
        tabTimes.push(visibleMs - eventMs);
      }
      // Saves an author makes are seconds apart; let the search index catch up as it would.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    return { runs, ...spread(eventTimes), visible: spread(visibleTimes), eventToVisible: spread(tabTimes) };
  } finally {
    await browser.close();
    server.kill();
    rmSync(site, { recursive: true, force: true });
  }
}

/** How long the large-site measurement waits for a line of `npm start` before it gives up. */
const PRINT_WAIT_MS = 20 * 60_000;

/** `npm start` on a large site: how long it takes to serve, and what a save costs once it does. */
export interface DevAtScaleFigures {
  /** From starting the command to its "Serving the documentation" line (the first build included). */
  serveMs: number;
  saves: number;
  /** From writing a markdown file to the reload event, each save made once the last one's search update is done. */
  saveToEvent: Spread;
  /** From the reload event to the build process's "Search index brought up to date." line. */
  searchUpdate: Spread;
  /** A save made right after another's reload event: to its own reload event, and whether the other's search update still ran then. */
  duringUpdate: { ms: number; updateRunning: boolean };
  /**
   * A save made as soon as a search update's index is ready, while its name goes into every page (a
   * few at a time between builds): to its reload event, and whether those pages were still being written then.
   */
  duringFill: { ms: number; fillRunning: boolean };
  /** The most memory the build process (the server's largest child) held, read before it stops; undefined without /proc. */
  buildPeakBytes: number | undefined;
  /** The same for the server process itself (it serves and watches the files). */
  serverPeakBytes: number | undefined;
}

/** A process's peak resident memory (VmHWM), from Linux's /proc; undefined elsewhere or once it ended. */
function peakBytes(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The largest peak resident memory (VmHWM) among a process's children: npm start's build process.
 * Linux's /proc only; undefined elsewhere.
 */
function childrenPeakBytes(pid: number): number | undefined {
  let peak: number | undefined;
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        // The parent's id is the second field after the command, which is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
        const bytes = peakBytes(Number(name));
        if (bytes !== undefined) peak = Math.max(peak ?? 0, bytes);
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return undefined;
  }
  return peak;
}

/**
 * Runs `npm start` (the bundle, with the Node options of package.json's start script) on a site
 * folder, waits until it serves, then saves the first doc of `docs/` `saves` times. Each save is
 * made once the last one's search update has ended, so that the figure is a save's own build; the
 * update's own time is the second figure; then one save is made while an update runs, and one
 * while an update's index goes into the pages. Edits the
 * site (it restores the file); the output goes into `outDir`.
 */
export async function measureDevAtScale(root: string, siteDir: string, outDir: string, saves = 5): Promise<DevAtScaleFigures> {
  const docsDir = join(siteDir, 'content/docs');
  const file = firstMarkdown(docsDir);
  const port = 4100 + Math.floor(Math.random() * 800);
  const started = performance.now();
  const server = spawn(process.execPath, [...scriptOptions(root, 'start'), join(root, 'scripts/launch.mjs'), 'start', '--site', siteDir, '--out', outDir, '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  // What the server (and its build process, which shares its output) prints, line by line, to wait on.
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  let exited = false;
  const stopped = new Promise<never>((_, reject) => server.once('exit', (code) => {
    exited = true;
    reject(new Error(`npm start stopped (exit code ${code}).`));
  }));
  stopped.catch(() => undefined);
  let pending = '';
  server.stdout.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const index = waiting.findIndex(({ pattern }) => pattern.test(line));
      if (index >= 0) waiting.splice(index, 1)[0]?.resolve();
    }
  });
  // A bound, so that a run never hangs should a line not come (a save that needs no search update, say).
  const printed = (pattern: RegExp) => Promise.race([new Promise<void>((resolve) => waiting.push({ pattern, resolve })), stopped,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`npm start did not print ${pattern} within ${PRINT_WAIT_MS / 60000} minutes.`)), PRINT_WAIT_MS).unref())]);
  const original = readFileSync(file, 'utf8');
  try {
    await printed(/^Serving the documentation/);
    const serveMs = performance.now() - started;
    const nextEvent = await reloadEvents(port);
    const eventTimes: number[] = [];
    const updateTimes: number[] = [];
    for (let save = 0; save < saves; save++) {
      const received = nextEvent();
      const updated = printed(/^Search index brought up to date\./);
      const written = performance.now();
      writeFileSync(file, `${original}\n${SENTENCE} ${save}.\n`);
      const event = await Promise.race([received, stopped]);
      const eventAt = performance.now();
      if (event !== 'rebuilt') throw new Error(`Expected a rebuild event, got "${event}".`);
      await updated;
      eventTimes.push(eventAt - written);
      updateTimes.push(performance.now() - eventAt);
    }
    // A save made as soon as the last one reloaded, while that one's search update runs.
    const updated = printed(/^Search index brought up to date\./);
    let updateEnded = false;
    void updated.then(() => { updateEnded = true; }, () => undefined);
    const first = nextEvent();
    writeFileSync(file, `${original}\n${SENTENCE} ${saves}.\n`);
    await Promise.race([first, stopped]);
    const second = nextEvent();
    const written = performance.now();
    writeFileSync(file, `${original}\n${SENTENCE} ${saves + 1}.\n`);
    await Promise.race([second, stopped]);
    const duringUpdate = { ms: performance.now() - written, updateRunning: !updateEnded };
    await updated;
    // A save made as soon as the next update's index is ready, while its name goes into the pages.
    const ready = printed(/^Search index ready:/);
    const filled = printed(/^Search index brought up to date\./);
    let fillEnded = false;
    void filled.then(() => { fillEnded = true; }, () => undefined);
    const third = nextEvent();
    writeFileSync(file, `${original}\n${SENTENCE} ${saves + 2}.\n`);
    await Promise.race([third, stopped]);
    await ready;
    const fourth = nextEvent();
    const fillRunning = !fillEnded;
    const fillWritten = performance.now();
    writeFileSync(file, `${original}\n${SENTENCE} ${saves + 3}.\n`);
    await Promise.race([fourth, stopped]);
    const duringFill = { ms: performance.now() - fillWritten, fillRunning };
    return { serveMs, saves, saveToEvent: spread(eventTimes), searchUpdate: spread(updateTimes), duringUpdate, duringFill, buildPeakBytes: server.pid === undefined ? undefined : childrenPeakBytes(server.pid),
      serverPeakBytes: server.pid === undefined ? undefined : peakBytes(server.pid) };
  } finally {
    writeFileSync(file, original);
    if (!exited) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await gone;
    }
  }
}

/** The first markdown file under a folder, in name order. */
function firstMarkdown(dir: string): string {
  const path = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).sort()[0];
  if (!path) throw new Error(`${dir} holds no markdown file.`);
  return join(dir, path);
}

// Run directly (`npm run bench:dev`), not when imported.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureSaveToReload(join(import.meta.dirname, '..'));
  const line = (figure: Spread) => `median ${figure.medianMs.toFixed(0)} ms, min ${figure.minMs.toFixed(0)} ms, max ${figure.maxMs.toFixed(0)} ms`;
  console.log(`An author's edit in npm start (real content, ${figures.runs} saves of one page):`);
  console.log(`  write-to-reload-event: ${line(figures)}`);
  console.log(`  write-to-visible:      ${line(figures.visible)}`);
  console.log(`  reload-event-to-visible (the tab's part): ${line(figures.eventToVisible)}`);
}
