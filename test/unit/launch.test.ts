// `npm run build` and `npm start` run the generator from a bundle of its sources (scripts/launch.mjs):
// the bundle writes the same site as the sources, is made anew whenever a source changes (never
// stale), and refuses to bundle a source it does not hash.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { SEMI_SPACE_FLAG, YOUNG_GENERATION_MB } from '../../lib/runtime/heap-growth.ts';
import { HELPER_MIN_DOCS } from '../../lib/runtime/helper-thread.ts';
import { BASIC_FIXTURE, buildInto, generatorCopy, ROOT, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);

interface Launcher {
  currentBundle(base?: string, cache?: string): Promise<string>;
  sourcesHash(base?: string): string;
}
const launcherOf = async (base: string) => await import(pathToFileURL(join(base, 'scripts/launch.mjs')).href) as Launcher;

/** Every file under a folder, relative, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(dir, path)).isFile()).sort();
  return new Map(files.map((path) => [path, readFileSync(join(dir, path))]));
}

function differences(expected: Map<string, Buffer>, actual: Map<string, Buffer>): string[] {
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  return names.filter((name) => !expected.get(name)?.equals(actual.get(name) ?? Buffer.alloc(0)) || !actual.has(name));
}

/** The generator copied with its launcher, bundling into a cache folder of its own. */
function copyWithLauncher(t: { after: (fn: () => void) => void }): { base: string; cache: string } {
  const base = generatorCopy();
  mkdirSync(join(base, 'scripts'));
  cpSync(join(ROOT, 'scripts/launch.mjs'), join(base, 'scripts/launch.mjs'));
  const cache = tempDir('pagewright-bundles-');
  t.after(() => {
    rmSync(base, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  return { base, cache };
}

test('npm run build from the bundle writes the same site as the build from the sources', async (t) => {
  const out = tempDir('pagewright-launch-');
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const fromSources = await buildInto(BASIC_FIXTURE, join(out, 'sources'));
  // As a shell starts it: without the NODE_ENV this test's process has (lib/render/production-env.ts).
  const { NODE_ENV: _, ...env } = process.env;
  const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'scripts/launch.mjs'), 'build', '--site', BASIC_FIXTURE, '--out', join(out, 'bundle')], { env });
  // Nothing else: no warning, and none of React's development-mode complaints (it must run in production mode).
  assert.equal(stderr, '');
  assert.match(stdout, new RegExp(`^Built ${fromSources.result.pages} pages \\(${fromSources.result.files} files\\) in \\d+ ms\\.\\n  load `));
  assert.deepEqual(differences(tree(fromSources.outDir), tree(join(out, 'bundle'))), []);
});

test('an edit to the generator makes a new bundle, which the next run uses; unchanged sources reuse theirs', async (t) => {
  const { base, cache } = copyWithLauncher(t);
  const launcher = await launcherOf(base);
  const first = await launcher.currentBundle(base, cache);
  const made = statSync(join(first, 'done')).mtimeMs;
  assert.equal(await launcher.currentBundle(base, cache), first, 'the same sources, the same bundle');
  assert.equal(statSync(join(first, 'done')).mtimeMs, made, 'not bundled again');

  const report = join(base, 'lib/report.ts');
  writeFileSync(report, readFileSync(report, 'utf8').replace('`Built ${', '`Made ${'));
  const second = await launcher.currentBundle(base, cache);
  assert.notEqual(second, first);
  assert.match(readFileSync(join(second, 'build-command.mjs'), 'utf8'), /`Made \$\{/);

  // The command itself, run from the copy: it bundles the edited sources (in the copy's own cache) and runs them.
  const out = tempDir('pagewright-launch-');
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const { stdout } = await run(process.execPath, [join(base, 'scripts/launch.mjs'), 'build', '--site', BASIC_FIXTURE, '--out', join(out, 'dist')]);
  assert.match(stdout, /^Made \d+ pages/);
});

test('a package upgraded makes a new bundle: the bundle holds the packages as they were when it was made', async (t) => {
  const { base, cache } = copyWithLauncher(t);
  // The copy's own node_modules: the project's packages, but github-slugger (which the bundle holds) copied.
  rmSync(join(base, 'node_modules'));
  mkdirSync(join(base, 'node_modules'));
  const packages = join(ROOT, 'node_modules');
  for (const name of readdirSync(packages)) {
    if (name === 'github-slugger') cpSync(join(packages, name), join(base, 'node_modules', name), { recursive: true, dereference: true });
    else symlinkSync(join(packages, name), join(base, 'node_modules', name));
  }
  const launcher = await launcherOf(base);
  const first = await launcher.currentBundle(base, cache);
  assert.equal(await launcher.currentBundle(base, cache), first);
  const manifest = join(base, 'node_modules/github-slugger/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  writeFileSync(manifest, JSON.stringify({ ...pkg, version: `${pkg.version}-upgraded` }));
  const second = await launcher.currentBundle(base, cache);
  assert.notEqual(second, first);
  assert.equal(existsSync(first), false, 'the bundle of the old package is removed');
});

test('a source the launcher does not hash stops the bundling with the file to add', async (t) => {
  const { base, cache } = copyWithLauncher(t);
  writeFileSync(join(base, 'scripts/extra.ts'), 'export const EXTRA = 1;\n');
  const report = join(base, 'lib/report.ts');
  writeFileSync(report, `import { EXTRA } from '../scripts/extra.ts';\nvoid EXTRA;\n${readFileSync(report, 'utf8')}`);
  const launcher = await launcherOf(base);
  await assert.rejects(launcher.currentBundle(base, cache), /reads scripts\/extra\.ts, which scripts\/launch\.mjs does not hash/);
  assert.deepEqual(readdirSync(cache), [], 'no bundle is kept');
});

test('a large site built from the bundle runs its helper thread from the bundle too', { timeout: 300_000 }, async (t) => {
  const site = tempDir('pagewright-launch-large-');
  t.after(() => rmSync(site, { recursive: true, force: true }));
  writeCorpusSite(ROOT, site, HELPER_MIN_DOCS);
  const { stdout } = await run(process.execPath, [join(ROOT, 'scripts/launch.mjs'), 'build', '--site', site, '--out', join(site, 'dist')]);
  assert.match(stdout, /^Built \d{4} pages/);
  assert.ok(existsSync(join(site, 'dist/index.html')));
});

test('npm run build gives Node the young generation of a production build, the size the helper thread takes', () => {
  // The size is fixed when a thread starts: for the main thread, only Node's option can set it.
  // `npm start` keeps V8's own (lib/runtime/heap-growth.ts).
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(scripts.build, `node ${SEMI_SPACE_FLAG} scripts/launch.mjs build`);
  assert.equal(scripts.start, 'node scripts/launch.mjs start');
  assert.equal(SEMI_SPACE_FLAG, `--max-semi-space-size=${YOUNG_GENERATION_MB / 3}`);
});
