// Large production builds split markdown and the search index off to a helper thread: its errors
// fail the build as in one thread. That it writes the same site: test/unit/build-modes.test.ts.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { ROOT, tempDir } from '../helpers/site.ts';

test('an error in the helper thread fails the build with its file and line', async () => {
  const site = tempDir('pagewright-helper-');
  writeCorpusSite(ROOT, site, 40);
  // The last page is rendered by the helper; give it an unknown admonition.
  const pages = readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('page-')).sort();
  const last = join(site, 'content/docs', pages.at(-1) ?? '');
  const text = readFileSync(last, 'utf8');
  writeFileSync(last, `${text}\n:::nonsense\nBody.\n:::\n`);
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir: join(tempDir(), 'dist'), helperThread: true }),
    (error: Error) => error.name === 'BuildError' && error.message.includes(pages.at(-1) ?? '?') && /:\d+/.test(error.message));
});

test('a build that fails while the helper writes the search index leaves the previous site as it was', async () => {
  const site = tempDir('pagewright-helper-');
  writeCorpusSite(ROOT, site, 40);
  const outDir = join(tempDir(), 'dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'index.html'), 'previous site');
  // The favicon is looked up after the helper has started on the index (and on its folder).
  rmSync(join(site, 'assets/img/favicon.svg'));
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir, helperThread: true }), /favicon image/);
  assert.deepEqual(readdirSync(outDir), ['index.html']);
  assert.equal(readFileSync(join(outDir, 'index.html'), 'utf8'), 'previous site');
  assert.deepEqual(readdirSync(dirname(outDir)).filter((name) => name.startsWith('.dist-')), [], 'no half-written folder is left');
  assert.ok(existsSync(outDir));
});

test('with two threads, the output folder is made before assemble, yet a content error is still reported before an output folder that cannot be made', async () => {
  const site = tempDir('pagewright-helper-');
  writeCorpusSite(ROOT, site, 40);
  // The output folder's parent is a file: the new folder cannot be made.
  const blocker = join(tempDir(), 'a-file');
  writeFileSync(blocker, '');
  const outDir = join(blocker, 'dist');
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir, helperThread: true }), /The output folder cannot be written/);
  // A broken link (found by the check stage, after the folder is made) is what the author sees first.
  const pages = readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('page-')).sort();
  const page = join(site, 'content/docs', pages[0] ?? '');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n[A link to nowhere](/docs/no-such-page/)\n`);
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir, helperThread: true }),
    (error: Error) => error.message.includes('/docs/no-such-page/') && !error.message.includes('The output folder cannot be written'));
});
