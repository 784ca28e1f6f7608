// Cold start: `npm run build` as an author types it, each run a fresh process tree (npm, Node, the
// generator's bundle, the build) writing into an empty folder. The whole command's wall time is
// reported next to the build's own time as the command prints it ("Built … in N ms"): the
// difference is npm's start, Node's start and loading the generator. npm's and Node's part alone is
// measured too, as `npm run` of a script that only starts Node (npmRunFloorSeries).
//
// With --compare DIR (a Docusaurus site folder with its packages installed, holding the same
// content), the same for its `npm run build`, under the same conditions: a warm-up run, then fresh
// processes, each tool keeping the caches it keeps between builds (our bundle and client bundles in
// node_modules/.cache/pagewright/, Docusaurus' webpack cache in its node_modules/.cache/).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './median.ts';

export interface CommandRun {
  /** The whole command, from spawning npm to its exit. */
  wallMs: number;
  /** The build's own time as the command printed it (undefined for a command that prints none we read). */
  buildMs: number | undefined;
  /** HTML files written: that two tools built the same content shows in the count. */
  htmlFiles: number;
}

export interface CommandSeries {
  runs: CommandRun[];
  median: { wallMs: number; buildMs: number | undefined };
  min: { wallMs: number };
  max: { wallMs: number };
  htmlFiles: number;
}

/** Without the NODE_ENV the benchmark's own process sets (lib/render/production-env.ts): as a shell starts it. */
function shellEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return env;
}

function countHtml(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html')).length;
}

/** Runs `npm run build -- ARGS…` in `cwd` once, the output going to a fresh folder named by `outArgs`. */
function npmBuild(cwd: string, outArgs: (out: string) => string[]): Promise<CommandRun> {
  const parent = mkdtempSync(join(tmpdir(), 'pagewright-bench-command-'));
  const out = join(parent, 'build');
  execFileSync('sync');
  const started = performance.now();
  const child = spawn('npm', ['run', 'build', '--', ...outArgs(out)], { cwd, env: shellEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => { output += text; });
  child.stderr.setEncoding('utf8').on('data', (text: string) => { output += text; });
  return new Promise<CommandRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      try {
        if (code !== 0) return reject(new Error(`npm run build in ${cwd} failed (exit code ${code}):\n${output}`));
        const built = /^Built \d+ pages \(\d+ files\) in (\d+) ms/m.exec(output);
        resolve({ wallMs, buildMs: built ? Number(built[1]) : undefined, htmlFiles: existsSync(out) ? countHtml(out) : 0 });
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    });
  });
}

async function series(runs: number, warmUps: number, once: () => Promise<CommandRun>): Promise<CommandSeries> {
  for (let i = 0; i < warmUps; i++) await once();
  const measured: CommandRun[] = [];
  for (let i = 0; i < runs; i++) measured.push(await once());
  const walls = measured.map((run) => run.wallMs);
  const builds = measured.flatMap((run) => (run.buildMs === undefined ? [] : [run.buildMs]));
  return {
    runs: measured,
    median: { wallMs: median(walls), buildMs: builds.length === measured.length ? median(builds) : undefined },
    min: { wallMs: Math.min(...walls) },
    max: { wallMs: Math.max(...walls) },
    htmlFiles: measured[0]?.htmlFiles ?? 0,
  };
}

/** `npm run build` of this project (the real site), after `warmUps` runs that also make the bundle if needed. */
export function npmRunBuildSeries(root: string, runs: number, warmUps: number): Promise<CommandSeries> {
  return series(runs, warmUps, () => npmBuild(root, (out) => ['--out', out]));
}

/**
 * The floor under any `npm run build`: `npm run` of a script that only starts Node and ends
 * (`node -e 0`), from a package folder of its own, fresh processes as above, after a warm-up. What
 * the whole command's budget leaves to the generator is the budget less this.
 */
export async function npmRunFloorSeries(runs: number, warmUps: number): Promise<CommandSeries> {
  const dir = mkdtempSync(join(tmpdir(), 'pagewright-bench-npm-floor-'));
  try {
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'npm-floor', version: '1.0.0', private: true, scripts: { nothing: 'node -e 0' } })}\n`);
    return await series(runs, warmUps, () => new Promise<CommandRun>((resolve, reject) => {
      const started = performance.now();
      const child = spawn('npm', ['run', 'nothing'], { cwd: dir, env: shellEnv(), stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve({ wallMs: performance.now() - started, buildMs: undefined, htmlFiles: 0 })
        : reject(new Error(`npm run of "node -e 0" failed (exit code ${code}).`))));
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long bundling the generator takes: what the first `npm run build` after an edit to it adds. */
export async function bundlingMs(root: string): Promise<number> {
  const launcher = await import(pathToFileURL(join(root, 'scripts/launch.mjs')).href) as { currentBundle(base: string, cache: string): Promise<string> };
  const cache = mkdtempSync(join(tmpdir(), 'pagewright-bench-bundle-'));
  try {
    const started = performance.now();
    await launcher.currentBundle(root, cache);
    return performance.now() - started;
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

export interface DocusaurusSeries extends CommandSeries {
  version: string;
}

/**
 * The Docusaurus version of a site folder, or a message saying why it cannot be compared: it must
 * have its packages installed and a `"build": "docusaurus build"` script.
 */
export function docusaurusVersion(dir: string): { version: string } | { problem: string } {
  const core = join(dir, 'node_modules/@docusaurus/core/package.json');
  if (!existsSync(join(dir, 'package.json'))) return { problem: `${dir} has no package.json; give the folder of a Docusaurus site` };
  if (!existsSync(core)) return { problem: `${dir} has no node_modules/@docusaurus/core; install its packages first (npm install in it)` };
  const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!/\bdocusaurus\s+build\b/.test(scripts.build ?? '')) return { problem: `${dir}/package.json has no "build": "docusaurus build" script` };
  return { version: (JSON.parse(readFileSync(core, 'utf8')) as { version: string }).version };
}

/** `npm run build -- --out-dir …` of a Docusaurus site folder that docusaurusVersion accepts. */
export async function docusaurusSeries(dir: string, version: string, runs: number, warmUps: number): Promise<DocusaurusSeries> {
  return { ...await series(runs, warmUps, () => npmBuild(dir, (out) => ['--out-dir', out])), version };
}
