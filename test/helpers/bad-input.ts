// Bad input: a case is the basic fixture with the files of test/fixtures/bad-input/<case>/ laid
// over it. A failing case must name the file (relative to the site), the line and what to do, and
// leave the previous dist/ exactly as it was. Shared by every test file of bad-input regressions.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BuildError, BuildFailure } from '../../lib/diagnostics.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { buildInto, fixtureWith, BASIC_FIXTURE, ROOT } from './site.ts';

export const CASES = join(ROOT, 'test/fixtures/bad-input');

/** The basic fixture with the files of test/fixtures/bad-input/<name>/ laid over it. */
export function caseSite(name: string): string {
  const dir = join(CASES, name);
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = readFileSync(path, 'utf8');
  }
  assert.ok(Object.keys(files).length > 0, `no files in ${dir}`);
  return fixtureWith(files);
}

/** Every file under a folder: relative path → sha256 of its bytes. */
export function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** "content/docs/x.md:12" (or .json, .yml, .yaml): the file relative to the site, and the line. */
export const LOCATED = /^\S+\.(md|json|yml|yaml):\d+: /m;

/**
 * One good build of the basic fixture; `failure(site)` then builds a site that must fail into the
 * same folder, checks the message's shape and that the previous dist/ is untouched, and returns
 * the message.
 */
export async function badInputHarness(): Promise<{ previousDist: string; failure: (site: string) => Promise<string> }> {
  const { outDir: previousDist } = await buildInto(BASIC_FIXTURE);
  const previousHashes = hashTree(previousDist);
  const failure = async (site: string): Promise<string> => {
    let caught: unknown;
    try {
      await buildSite({ root: ROOT, siteDir: site, outDir: previousDist });
    } catch (error) {
      caught = error;
    }
    assert.ok(caught !== undefined, 'the build was expected to fail, but it succeeded');
    assert.ok(caught instanceof BuildError || caught instanceof BuildFailure,
      `expected a BuildError or BuildFailure, got: ${caught instanceof Error ? caught.stack : String(caught)}`);
    const { message } = caught;
    assert.match(message, LOCATED);
    assert.match(message, /\n {2}→ \S/, 'the message says what to do');
    assert.doesNotMatch(message, /^\s+at /m, 'no stack lines');
    assert.ok(!message.includes(site), 'paths are relative to the site folder');
    assert.deepEqual(hashTree(previousDist), previousHashes, 'the previous dist/ is byte-identical');
    assert.deepEqual(readdirSync(dirname(previousDist)), ['dist'], 'no half-written folder is left beside dist/');
    return message;
  };
  return { previousDist, failure };
}

/** The rendered markdown of a built page. */
export function pageBody(outDir: string, route: string): string {
  const html = readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');
  const body = /<div class="markdown__body">([\s\S]*?)<\/div>\s*<\/div>\s*(?:<footer|<\/article)/.exec(html)?.[1];
  assert.ok(body !== undefined, `no markdown body on ${route}`);
  return body;
}
