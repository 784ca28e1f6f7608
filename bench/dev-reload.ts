// An author's edit in `npm start` on the real content, two figures per save: write-to-reload-event,
// from writing a markdown file to the event the open tabs receive, and write-to-visible, from the
// same write to the first frame of an open Chromium tab that shows the new text (whether the tab
// swapped the page in place or reloaded it). Used by `npm run bench:dev` (and by the full benchmark).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDS } from '../common/constants.ts';
import { launchBrowser } from '../test/helpers/browser.ts';
import { median } from './median.ts';

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
    const events: ((name: string) => void)[] = [];
    await new Promise<void>((resolve) => {
      get(`http://127.0.0.1:${port}/__reload`, (response) => {
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          for (const match of text.matchAll(/^event: (\w+)$/gm)) events.shift()?.(match[1] ?? '');
        });
        resolve();
      });
    });
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
      const received = new Promise<string>((resolve) => events.push(resolve));
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

// Run directly (`npm run bench:dev`), not when imported.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureSaveToReload(join(import.meta.dirname, '..'));
  const line = (figure: Spread) => `median ${figure.medianMs.toFixed(0)} ms, min ${figure.minMs.toFixed(0)} ms, max ${figure.maxMs.toFixed(0)} ms`;
  console.log(`An author's edit in npm start (real content, ${figures.runs} saves of one page):`);
  console.log(`  write-to-reload-event: ${line(figures)}`);
  console.log(`  write-to-visible:      ${line(figures.visible)}`);
  console.log(`  reload-event-to-visible (the tab's part): ${line(figures.eventToVisible)}`);
}
