// Large production builds split markdown and the search index off to a helper thread; the site
// must be the same as a build in one thread, save the name of the search index's entry file.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { ROOT, tempDir } from '../helpers/site.ts';

const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(html|json|xml|md|txt)$/.test(path)).sort();

test('a build with the helper thread writes the same site as one without', async () => {
  const site = tempDir('pagewright-helper-');
  writeCorpusSite(ROOT, site, 300);
  const one = join(tempDir(), 'dist');
  const two = join(tempDir(), 'dist');
  const single = await buildSite({ root: ROOT, siteDir: site, outDir: one, helperThread: false });
  const helped = await buildSite({ root: ROOT, siteDir: site, outDir: two, helperThread: true });
  assert.deepEqual(helped.warnings, single.warnings);
  assert.equal(helped.pages, single.pages);
  assert.deepEqual({ ...helped.search }, { ...single.search });
  // The helper names the index's entry file by its input, one thread by its content.
  const entry = (dir: string) => /data-search-index="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1] ?? '';
  const [a, b] = [entry(one), entry(two)];
  assert.ok(a && b && a !== b);
  const normalise = (text: string) => text.replaceAll(a, 'ENTRY').replaceAll(b, 'ENTRY');
  const names = (dir: string, url: string) => files(dir).map((path) => (`/${path}` === url ? 'ENTRY' : path));
  assert.deepEqual(names(two, b), names(one, a));
  for (const path of files(one)) {
    const other = `/${path}` === a ? b.slice(1) : path;
    assert.equal(normalise(readFileSync(join(two, other), 'utf8')), normalise(readFileSync(join(one, path), 'utf8')), path);
  }
});

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
