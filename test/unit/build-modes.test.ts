// The three ways a build runs (lib/runtime/): one thread, a helper thread, and the cache of
// `npm start`, at its first build and after edits (its search index built in a helper thread). Each must write the same
// site, byte for byte: the output folders are compared file by file. The site is a copy of the real
// content (API pages, images, changelog feeds, standalone pages, tags, categories), edited between
// the cached builds as an author would.
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildSite, type BuildResult } from '../../lib/pipeline.ts';
import { BuildCache } from '../../lib/runtime/build-cache.ts';
import { keepReadyIndex } from '../../lib/runtime/cached.ts';
import { LaterWrites } from '../../lib/runtime/later-writes.ts';
import { SearchUpdates } from '../../lib/runtime/search-updates.ts';
import { differences, snapshot } from '../helpers/output-files.ts';
import { ROOT, testDirs } from '../helpers/site.ts';

const summary = (result: BuildResult) => ({ pages: result.pages, files: result.files, warnings: result.warnings, search: result.search });

test('one thread, a helper thread and the npm start cache after edits write the same site', async (t) => {
  const [site = '', outs = ''] = testDirs(t, 'pagewright-modes-', 'pagewright-modes-out-');
  cpSync(join(ROOT, 'content'), join(site, 'content'), { recursive: true });
  cpSync(join(ROOT, 'assets/img'), join(site, 'assets/img'), { recursive: true });

  // As the build worker of `npm start` runs it (lib/dev/build-worker.ts): a save's build keeps the
  // last search index, a helper thread builds the new one meanwhile, and once it is there the next
  // build fills the pages with it, writing them a few at a time between builds (LaterWrites).
  const cache = new BuildCache();
  let queue = Promise.resolve();
  let upToDate = 0;
  let wake = () => undefined as void;
  cache.searchUpdates = new SearchUpdates((task) => {
    queue = queue.then(task);
  }, (ready) => keepReadyIndex(cache, ready), () => {
    upToDate += 1;
    wake();
  }, (error) => assert.fail(error instanceof Error ? error : String(error)));
  t.after(() => cache.searchUpdates?.stop());
  let drained = 0;
  cache.laterWrites = new LaterWrites((task) => {
    queue = queue.then(task);
  }, () => {
    drained += 1;
  });
  const cachedOut = join(outs, 'cached');
  const cachedBuild = async () => {
    const first = await buildSite({ root: ROOT, siteDir: site, outDir: cachedOut, cache, deferSearch: true });
    if (!first.searchDeferred) return first;
    const wanted = upToDate + 1;
    const drainedBefore = drained;
    while (upToDate < wanted) await new Promise<void>((resolve) => { wake = resolve; });
    await queue;
    const filled = await buildSite({ root: ROOT, siteDir: site, outDir: cachedOut, cache, deferSearch: true });
    assert.equal(filled.searchDeferred, false, 'the index the helper thread built is the one the pages need');
    while ((cache.laterWrites?.waiting ?? 0) > 0) await queue;
    assert.equal(drained, drainedBefore + 1, 'the pages filled with its name were written between builds');
    return filled;
  };
  const firstCached = await cachedBuild();
  // The first build, whose index the helper thread builds while the pages render: the whole site at once.
  assert.equal(firstCached.searchDeferred, false);
  await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'first'), helperThread: false });
  assert.deepEqual(differences(snapshot(join(outs, 'first')), snapshot(cachedOut)), [], 'the first npm start build writes the same site as a fresh build');
  let earlierAssets = [...snapshot(cachedOut).keys()].filter((path) => path.startsWith('assets/'));
  /** The cached output folder, without the earlier builds' hashed assets that `expected` does not have (a tab opened before may still ask for them). */
  const cachedSite = (expected: Map<string, unknown>) => {
    const incremental = snapshot(cachedOut);
    const kept = [...incremental.keys()].filter((path) => !expected.has(path));
    assert.deepEqual(kept.filter((path) => !earlierAssets.includes(path)), [], 'only earlier assets remain beside the site');
    for (const path of kept) incremental.delete(path);
    return incremental;
  };

  const edit = (path: string, change: (text: string) => string) => {
    const file = join(site, path);
    const before = readFileSync(file, 'utf8');
    const after = change(before);
    assert.notEqual(after, before, `the edit of ${path} changes it`);
    writeFileSync(file, after);
  };
  const docs = readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.md')).sort();

  // A body edit alone: the new index takes every other doc's search sections as the cache kept
  // them from the first build (the edits below make every doc anew).
  edit(`content/docs/${docs[0]}`, (text) => `${text}\nA sentence with a word found on no other page: quillwort.\n`);
  const bodyEdit = await cachedBuild();
  assert.equal(bodyEdit.searchDeferred, false);
  await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'body-edit'), helperThread: false });
  const afterBodyEdit = snapshot(join(outs, 'body-edit'));
  assert.deepEqual(differences(afterBodyEdit, cachedSite(afterBodyEdit)), [], 'after a body edit, the npm start cache writes the same site as a fresh build');
  earlierAssets = [...snapshot(cachedOut).keys()].filter((path) => path.startsWith('assets/'));

  // A body edit, a code block edit (search leaves code out, its index's entry name does not), a
  // title change (every sidebar), a new doc.
  const withCode = docs.find((path) => readFileSync(join(site, 'content/docs', path), 'utf8').includes('\n```'));
  assert.ok(withCode && docs.length > 3, 'the real content has docs with code blocks');
  edit(`content/docs/${docs[1]}`, (text) => `${text}\nA paragraph added by an author.\n`);
  edit(`content/docs/${withCode}`, (text) => text.replace('\n```', '\n```\n// a line added to a code block'));
  edit(`content/docs/${docs[2]}`, (text) => (/^title: /m.test(text) ? text.replace(/^title: .*$/m, 'title: A new title') : text.replace(/^# .*$/m, '# A new title')));
  writeFileSync(join(site, 'content/docs/added-page.md'), '# Added page\n\nA page added while the author previews the site.\n\n## A section\n\nText.\n');
  const cached = await cachedBuild();

  const direct = await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'direct'), helperThread: false });
  const threaded = await buildSite({ root: ROOT, siteDir: site, outDir: join(outs, 'threaded'), helperThread: true });

  const expected = snapshot(join(outs, 'direct'));
  assert.ok(expected.has('docs/added-page/index.html') && expected.has('docs/added-page/index.md') && expected.has('llms-full.txt'));
  assert.deepEqual(differences(expected, snapshot(join(outs, 'threaded'))), [], 'the helper thread writes the same site as one thread');
  assert.deepEqual(differences(expected, cachedSite(expected)), [], 'the npm start cache writes the same site as a fresh build');

  assert.deepEqual(summary(threaded), summary(direct));
  assert.deepEqual(summary(cached), summary(direct));
});
