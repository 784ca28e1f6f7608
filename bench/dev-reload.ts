// Save-to-reload in `npm start` on the real content: the time from writing a markdown file to the
// reload event the open tabs receive, as the dev server measures nothing of it itself. Used by
// `npm run bench:dev` (and by the full benchmark).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './median.ts';

export interface ReloadFigures {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/** Starts the dev server on a copy of the real content, saves one page `runs` times, times each reload. */
export async function measureSaveToReload(root: string, runs = 15, page = 'content/docs/features/lora.md'): Promise<ReloadFigures> {
  const site = mkdtempSync(join(tmpdir(), 'pagewright-dev-bench-'));
  cpSync(join(root, 'content'), join(site, 'content'), { recursive: true });
  cpSync(join(root, 'assets'), join(site, 'assets'), { recursive: true });
  const port = 4100 + Math.floor(Math.random() * 800);
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'dev.ts'), '--site', site, '--out', join(site, 'dist'), '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
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
    const file = join(site, page);
    const original = readFileSync(file, 'utf8');
    const times: number[] = [];
    // The first saves warm the worker up; they are not counted.
    for (let run = -2; run < runs; run++) {
      const reloaded = new Promise<string>((resolve) => events.push(resolve));
      const started = performance.now();
      writeFileSync(file, `${original}\nA sentence saved in run ${run}.\n`);
      const event = await reloaded;
      if (event !== 'reload') throw new Error(`Expected a reload event, got "${event}".`);
      if (run >= 0) times.push(performance.now() - started);
      // Saves a reader makes are seconds apart; let the search index catch up as it would.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    return { runs, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times) };
  } finally {
    server.kill();
    rmSync(site, { recursive: true, force: true });
  }
}

// Run directly (`npm run bench:dev`), not when imported.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureSaveToReload(join(import.meta.dirname, '..'));
  console.log(`save-to-reload (real content, ${figures.runs} saves of one page): median ${figures.medianMs.toFixed(0)} ms, min ${figures.minMs.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms`);
}
