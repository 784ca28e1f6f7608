// Large production builds split markdown, the search index and the markdown twins off to a helper
// thread: its errors fail the build as in one thread. That it writes the same site:
// test/unit/build-modes.test.ts, and here for /llms-full.txt in parts, which the threads share.
// `npm start` gives a large transform's later docs to its helper thread too: the same site here.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test, type TestContext } from 'node:test';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { BuildCache } from '../../lib/runtime/build-cache.ts';
import { keepReadyIndex } from '../../lib/runtime/cached.ts';
import { SearchUpdates } from '../../lib/runtime/search-updates.ts';
import { differences, snapshot } from '../helpers/output-files.ts';
import { ROOT, tempDir, testDirs } from '../helpers/site.ts';

/** A build cache with a helper thread for the search, as the build worker of `npm start` sets it up (lib/dev/build-worker.ts). */
function npmStartCache(t: TestContext): BuildCache {
  const cache = new BuildCache();
  let queue = Promise.resolve();
  cache.searchUpdates = new SearchUpdates((task) => {
    queue = queue.then(task);
  }, (ready) => keepReadyIndex(cache, ready), () => undefined, (error) => assert.fail(error instanceof Error ? error : String(error)));
  t.after(() => cache.searchUpdates?.stop());
  return cache;
}

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

test('the first error in file order wins when the helper fails on a later doc than one it left to the main thread', async (t) => {
  const site = tempDir('pagewright-helper-');
  t.after(() => rmSync(site, { recursive: true, force: true }));
  // 200 pages: the helper claims the last chunk of docs first (lib/runtime/shared-split.ts) and
  // fails there; the chunk before it, past the main thread's bound, holds an earlier error.
  writeCorpusSite(ROOT, site, 200);
  const pages = readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('page-')).sort();
  const earlier = pages.at(-31) ?? '?';
  for (const page of [earlier, pages.at(-1) ?? '?']) {
    const path = join(site, 'content/docs', page);
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n:::nonsense\nBody.\n:::\n`);
  }
  const failure = async (helperThread: boolean, cache?: BuildCache) => {
    try {
      await buildSite({ root: ROOT, siteDir: site, outDir: join(tempDir(), 'dist'), helperThread, cache });
    } catch (error) {
      return error as Error;
    }
    return assert.fail('the build failed');
  };
  const inTwo = await failure(true);
  assert.equal(inTwo.name, 'BuildError');
  assert.ok(inTwo.message.includes(earlier), inTwo.message);
  assert.equal(inTwo.message, (await failure(false)).message, 'the same error as in one thread');
  // And in `npm start`, whose build lends the transform's later docs to its helper thread.
  const cache = npmStartCache(t);
  assert.equal((await failure(true, cache)).message, inTwo.message, 'the same error in npm start');
});

test('with two threads, the markdown twins and the parts of /llms-full.txt are written as in one thread', async (t) => {
  const [site = '', outs = ''] = testDirs(t, 'pagewright-helper-', 'pagewright-helper-out-');
  // Two parts, whose groups both threads may claim (lib/runtime/threaded.ts), and an unlisted doc
  // (in the last group, with the list of parts) whose twin links an image and another doc.
  writeCorpusSite(ROOT, site, 250);
  mkdirSync(join(site, 'content/docs/extra'));
  writeFileSync(join(site, 'content/docs/extra/pictured.md'),
    '---\ntitle: Pictured\nunlisted: true\n---\n\n![The logo](../../../assets/img/logo.svg)\n\nWhat [changed](../changes.md).\n');
  await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'one'), helperThread: false });
  await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'two'), helperThread: true });
  const two = snapshot(join(outs, 'two'));
  assert.deepEqual(differences(snapshot(join(outs, 'one')), two), []);
  assert.ok(two.has('llms-full-2.txt') && !two.has('llms-full-3.txt'), 'two parts');
  assert.match(String(two.get('docs/extra/pictured/index.md')), /!\[The logo\]\(https:\/\/docs\.example\.com\/assets\/images\/logo[^)]*\.svg\)\n\nWhat \[changed\]\(https:\/\/docs\.example\.com\/docs\/changes\/\)/);
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

test('npm start gives the later docs of a large transform to its helper thread: the same site and warnings, and a page made again when its image changes', async (t) => {
  const [site = '', outs = ''] = testDirs(t, 'pagewright-helper-', 'pagewright-helper-out-');
  writeCorpusSite(ROOT, site, 40);
  // The last doc, which the helper transforms: an image beside its text and a warning.
  const pages = readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('page-')).sort();
  const last = join(site, 'content/docs', pages.at(-1) ?? '');
  const logo = join(site, 'assets/img/logo.svg');
  writeFileSync(last, `${readFileSync(last, 'utf8')}\n![The logo](${relative(dirname(last), logo)})\n\n\`\`\`js {9}\nconst answer = 42;\n\`\`\`\n`);

  const cache = npmStartCache(t);
  const cachedOut = join(outs, 'cached');
  const cached = () => buildSite({ root: ROOT, siteDir: site, outDir: cachedOut, cache, helperThread: true });
  const fresh = (name: string) => buildSite({ root: ROOT, siteDir: site, outDir: join(outs, name), helperThread: false });

  const first = await cached();
  assert.ok(cache.stats.docsInHelper > 0 && cache.stats.docsInHelper < cache.stats.docsTransformed, 'the helper thread transformed part of the docs');
  const expected = await fresh('first');
  assert.ok(expected.warnings.some((warning) => warning.file.endsWith(pages.at(-1) ?? '?') && /outside the code block/.test(warning.message)));
  assert.deepEqual(first.warnings, expected.warnings);
  assert.deepEqual(differences(snapshot(join(outs, 'first')), snapshot(cachedOut)), []);

  // The image changes on the disk: the doc is transformed again, with the image's new address.
  writeFileSync(logo, readFileSync(logo, 'utf8').replace('<svg', '<svg data-edited="yes"'));
  const second = await cached();
  assert.equal(cache.stats.docsTransformed, 1);
  const expectedAfter = await fresh('second');
  assert.deepEqual(second.warnings, expectedAfter.warnings);
  // The cached folder keeps the earlier build's hashed assets, the logo and the search index among
  // them (a tab opened before may still ask for them): besides those, the same site.
  const problems = differences(snapshot(join(outs, 'second')), snapshot(cachedOut));
  const earlier = problems.filter((problem) => problem.endsWith(': not in the other site'));
  assert.ok(earlier.some((problem) => problem.startsWith('assets/images/logo.')), 'the logo has a new address');
  assert.deepEqual(problems.filter((problem) => !(problem.startsWith('assets/') && earlier.includes(problem) && existsSync(join(outs, 'first', problem.split(':')[0] ?? '')))), []);
});
