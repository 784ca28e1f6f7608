// Build figures: the production build of the real site (a warm-up, then five runs) and of
// generated 1,000- and 10,000-page sites, each run a fresh process building into an empty folder,
// as a CI machine does; the disk is synced between runs so one run's writes do not slow the next.
//
// This machine's disk slows down as writes accumulate (the same 480 MB of files took from 1 s to
// 15 s to write, depending on what was written before), so the generated sites are built twice:
// in a memory-backed folder, which measures the generator, and on the disk, which shows what the
// disk adds at that moment.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorpusSite } from './corpus-site.ts';
import { median } from './median.ts';

export interface BuildRun {
  /** Wall time of the whole process: Node's start, loading the generator, the build. */
  wallMs: number;
  /** The build itself, as `npm run build` reports it. */
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

function buildOnce(root: string, siteDir: string, outParent: string): Promise<BuildRun> {
  const out = mkdtempSync(join(outParent, 'pagewright-bench-out-'));
  execFileSync('sync');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/build-once.ts'), '--site', siteDir, '--out', join(out, 'dist')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => { output += text; });
  return new Promise<BuildRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      rmSync(out, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`The build of ${siteDir} failed (exit code ${code}).`));
      const figures = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Omit<BuildRun, 'wallMs'>;
      resolve({ ...figures, wallMs });
    });
  });
}

export async function buildSeries(root: string, siteDir: string, runs: number, warmUps: number, outParent = tmpdir()): Promise<BuildSeries> {
  for (let i = 0; i < warmUps; i++) await buildOnce(root, siteDir, outParent);
  const measured: BuildRun[] = [];
  for (let i = 0; i < runs; i++) measured.push(await buildOnce(root, siteDir, outParent));
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
export async function scalePoint(root: string, count: number, runs: number): Promise<BuildSeries & { where: 'memory' | 'disk' }> {
  const free = existsSync(MEMORY_DIR) && MEMORY_DIR !== tmpdir() ? (({ bavail, bsize }) => bavail * bsize)(statfsSync(MEMORY_DIR)) : 0;
  const where = free > 2 * count * BYTES_PER_PAGE ? 'memory' : 'disk';
  const parent = where === 'memory' ? MEMORY_DIR : tmpdir();
  const site = mkdtempSync(join(parent, `pagewright-corpus-${count}-`));
  try {
    writeCorpusSite(root, site, count);
    return { ...await buildSeries(root, site, runs, 0, parent), where };
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}
