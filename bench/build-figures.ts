// Build figures: the production build of the real site (a warm-up, then five runs) and of
// generated 1,000- and 10,000-page sites, each run a fresh process building into an empty folder,
// as a CI machine does; the disk is synced between runs so one run's writes do not slow the next.
// Each run is the program `npm run build` runs (the generator's bundle), not its sources through
// tsx: tsx gives every function its name when it is made (esbuild's keepNames), which made each
// closure a large site keeps per page ~250 bytes bigger (a 10,000-page build: ~515 MB peak against
// ~460 MB) and the figures those of a program nobody runs.
//
// This machine's disk slows down as writes accumulate (the same 480 MB of files took from 1 s to
// 15 s to write, depending on what was written before), so the generated sites are built twice:
// in a memory-backed folder, which measures the generator, and on the disk, which shows what the
// disk adds at that moment.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorpusSite } from './corpus-site.ts';
import { scriptOptions } from './npm-script.ts';
import { median } from './median.ts';

export interface BuildRun {
  /** Wall time of the whole process: Node's start, loading the generator, the build. */
  wallMs: number;
  /** The build itself, as `npm run build` prints it. */
  pipelineMs: number;
  peakRssBytes: number;
  pages: number;
  timings: { stage: string; ms: number }[];
}

export interface BuildSeries {
  runs: BuildRun[];
  median: { wallMs: number; pipelineMs: number };
  min: { wallMs: number; pipelineMs: number };
  max: { wallMs: number; pipelineMs: number };
  peakRssBytes: number;
  pages: number;
}

/** A memory-backed folder when the machine has one (Linux), else the temporary folder. */
export const MEMORY_DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** What the scale checks read in a built site: the sitemap's form (lib/assemble/sitemap.ts). */
export interface OutputFacts {
  /** Files the sitemap takes: 1 for a plain sitemap.xml, else the index and its parts. */
  sitemapFiles: number;
  /** The most URLs in one sitemap file, and the most bytes (the protocol allows 50,000 and 50 MB). */
  sitemapMaxUrls: number;
  sitemapMaxBytes: number;
  /** Every URL of the sitemap, counted across its parts. */
  sitemapUrls: number;
}

export function outputFacts(outDir: string): OutputFacts {
  const read = (name: string) => readFileSync(join(outDir, name), 'utf8');
  const count = (text: string, tag: string) => text.split(`<${tag}>`).length - 1;
  const main = read('sitemap.xml');
  const parts = main.includes('<sitemapindex') ? [...main.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((match) => read(match[1] ?? '')) : [main];
  return {
    sitemapFiles: parts.length + (parts[0] === main ? 0 : 1),
    sitemapMaxUrls: Math.max(...parts.map((text) => count(text, 'url'))),
    sitemapMaxBytes: Math.max(...parts.map((text) => Buffer.byteLength(text))),
    sitemapUrls: parts.reduce((sum, text) => sum + count(text, 'url'), 0),
  };
}

/**
 * One `npm run build` of `siteDir` as the command runs it (the generator's bundle, scripts/launch.mjs;
 * without npm's own start), read from what it prints: the build's time by stage and its peak memory.
 */
function buildOnce(root: string, siteDir: string, outParent: string, inspect?: (outDir: string) => void): Promise<BuildRun> {
  const out = mkdtempSync(join(outParent, 'pagewright-bench-out-'));
  execFileSync('sync');
  const started = performance.now();
  const child = spawn(process.execPath, [...scriptOptions(root, 'build'), join(root, 'scripts/launch.mjs'), 'build', '--site', siteDir, '--out', join(out, 'dist')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => { output += text; });
  return new Promise<BuildRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code === 0) inspect?.(join(out, 'dist'));
      rmSync(out, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`The build of ${siteDir} failed (exit code ${code}).`));
      resolve({ ...printedFigures(output), wallMs });
    });
  });
}

/** What `npm run build` prints of a successful build (lib/report.ts, lib/build-command.ts), as numbers. */
export function printedFigures(output: string): Omit<BuildRun, 'wallMs'> {
  const built = /^Built (\d+) pages \(\d+ files\) in (\d+) ms/m.exec(output);
  const peak = /^Peak memory: (\d+) MB\./m.exec(output);
  if (!built || !peak) throw new Error(`The build printed no summary:\n${output}`);
  const timings = [...output.matchAll(/^ {2}(\w+) +(\d+) ms$/gm)].map(([, stage, ms]) => ({ stage: stage ?? '', ms: Number(ms) }));
  return { pages: Number(built[1]), pipelineMs: Number(built[2]), peakRssBytes: Number(peak[1]) * 1024 * 1024, timings };
}

export async function buildSeries(root: string, siteDir: string, runs: number, warmUps: number, outParent = tmpdir(),
  inspect?: (outDir: string) => void): Promise<BuildSeries> {
  for (let i = 0; i < warmUps; i++) await buildOnce(root, siteDir, outParent);
  const measured: BuildRun[] = [];
  // The output of the first measured run is inspected (after the run is timed).
  for (let i = 0; i < runs; i++) measured.push(await buildOnce(root, siteDir, outParent, i === 0 ? inspect : undefined));
  const pick = (f: (values: number[]) => number) => ({ wallMs: f(measured.map((r) => r.wallMs)), pipelineMs: f(measured.map((r) => r.pipelineMs)) });
  return {
    runs: measured,
    median: pick(median),
    min: pick((values) => Math.min(...values)),
    max: pick((values) => Math.max(...values)),
    peakRssBytes: Math.max(...measured.map((r) => r.peakRssBytes)),
    pages: measured[0]?.pages ?? 0,
  };
}

/** Generates a site of `count` doc pages, builds it `runs` times in memory and once on the disk. */
export async function corpusSeries(root: string, count: number, runs: number): Promise<{ memory: BuildSeries; disk: BuildSeries }> {
  const site = mkdtempSync(join(MEMORY_DIR, `pagewright-corpus-${count}-`));
  try {
    writeCorpusSite(root, site, count);
    const memory = await buildSeries(root, site, runs, 0, MEMORY_DIR);
    const disk = await buildSeries(root, site, 1, 0, tmpdir());
    return { memory, disk };
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}

/** What a generated site takes in a memory-backed folder per doc page: its sources and its output (~48 KB a page at 10,000). */
const BYTES_PER_PAGE = 64 * 1024;

/**
 * One point of the memory curve: a generated site of `count` doc pages built `runs` times, in the
 * memory-backed folder when the site and its output fit there with room to spare (else on the disk).
 */
export async function scalePoint<T>(root: string, count: number, runs: number, alsoOnSite?: (siteDir: string, outParent: string) => Promise<T>):
  Promise<BuildSeries & { where: 'memory' | 'disk'; facts: OutputFacts; also: T | undefined }> {
  const free = existsSync(MEMORY_DIR) && MEMORY_DIR !== tmpdir() ? (({ bavail, bsize }) => bavail * bsize)(statfsSync(MEMORY_DIR)) : 0;
  const where = free > 2 * count * BYTES_PER_PAGE ? 'memory' : 'disk';
  const parent = where === 'memory' ? MEMORY_DIR : tmpdir();
  const site = mkdtempSync(join(parent, `pagewright-corpus-${count}-`));
  try {
    writeCorpusSite(root, site, count);
    let facts: OutputFacts | undefined;
    const series = await buildSeries(root, site, runs, 0, parent, (outDir) => { facts = outputFacts(outDir); });
    if (!facts) throw new Error(`The ${count}-page site's output was not inspected.`);
    return { ...series, where, facts, also: await alsoOnSite?.(site, parent) };
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}
