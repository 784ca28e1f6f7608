// Helpers for tests that build small sites: write files into a fresh temporary folder, build them.
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestContext } from 'node:test';
import { buildSite, type BuildResult } from '../../lib/pipeline.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BASIC_FIXTURE = join(ROOT, 'test/fixtures/basic');

/** The folders tempDir() made in this process (a test file's: the runner gives each its own). */
const made: string[] = [];
// Removed when the test file's process ends, whatever its tests removed or not: a run of the
// suite made some 800 folders (~800 MB) and left them all behind.
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder in the system's temporary folder, removed when this process ends. */
export function tempDir(prefix = 'pagewright-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * New temporary folders removed when the test ends, pass or fail: a generated site and its builds
 * are large enough not to wait for the test file's process to end.
 */
export function testDirs(t: TestContext, ...prefixes: string[]): string[] {
  const dirs = prefixes.map((prefix) => tempDir(prefix));
  t.after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return dirs;
}

/** A copy of the basic fixture with some files replaced or added (content paths relative to the site folder). */
export function fixtureWith(files: Record<string, string> = {}, base = BASIC_FIXTURE): string {
  const dir = tempDir();
  cpSync(base, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The basic fixture with a site folder's files laid over it (for fixtures that hold only what they change). */
export function fixtureOverlay(overlayDir: string): string {
  const dir = fixtureWith();
  cpSync(overlayDir, dir, { recursive: true });
  return dir;
}

/** A site that builds but breaks each quality gate once: the gates' negative case. */
export const QUALITY_BAD_OVERLAY = join(ROOT, 'test/fixtures/quality-bad');
export const RULE_BREAKER_ROUTE = '/docs/guides/rule-breaker/';

/**
 * The quality-bad site, built, with the rule breakers that content can no longer produce (the
 * raw-HTML policy of lib/transform/raw-html.ts rejects inline scripts and style attributes) written
 * into the built rule-breaker page, as a generator bug would: the output gates must still catch them.
 */
export async function buildQualityBad(): Promise<{ result: BuildResult; outDir: string }> {
  const built = await buildInto(fixtureOverlay(QUALITY_BAD_OVERLAY));
  const page = join(built.outDir, RULE_BREAKER_ROUTE.slice(1), 'index.html');
  const html = readFileSync(page, 'utf8');
  const marker = '<!-- rule breakers written into the built page -->';
  if (!html.includes(marker)) throw new Error(`${page} has no "${marker}"`);
  writeFileSync(page, html.replace(marker, '<p class="rule-breaker-faint" style="color:#c8c8c8">Text too faint to read (colour contrast).</p>\n'
    + "<script>document.title = 'An inline script the policy does not allow';</script>"));
  return built;
}

export async function buildInto(siteDir: string, outDir = join(tempDir('pagewright-out-'), 'dist')): Promise<{ result: BuildResult; outDir: string }> {
  const result = await buildSite({ root: ROOT, siteDir, outDir });
  return { result, outDir };
}

/** Runs a build that must fail and returns its message. */
export async function buildError(siteDir: string, outDir?: string): Promise<string> {
  try {
    await buildInto(siteDir, outDir);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('The build was expected to fail, but it succeeded.');
}

/**
 * A copy of the generator's own code (not its content) in a temporary folder, sharing this
 * project's node_modules: tests that edit the stylesheet, a component or lib/ work on the copy.
 */
export function generatorCopy(): string {
  const dir = tempDir('pagewright-generator-');
  for (const entry of ['assets', 'client', 'common', 'components', 'lib', 'templates', 'dev.ts', 'build.ts', 'package.json', 'tsconfig.json', 'tsconfig.base.json']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
