// A build's output is written into a folder of its own and swapped into place
// (lib/write/site-writer.ts); the previous site, moved aside, is removed by a process of its own, so
// that the build ends without waiting for thousands of files to be unlinked.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { SiteWriter } from '../../lib/write/site-writer.ts';
import { testDirs } from '../helpers/site.ts';

/** Writes a site of `pages` pages saying `text` into `outDir`, as a build does. */
function build(outDir: string, pages: number, text: string): void {
  const writer = new SiteWriter(outDir);
  for (let page = 0; page < pages; page++) writer.write(`docs/p${page}/index.html`, `${text} ${page}`);
  writer.commit();
}

/** Resolves once `folder` holds exactly `names` (watched, not polled on a clock); the watch is closed after the test. */
function untilHolds(t: TestContext, folder: string, names: string[]): Promise<void> {
  const holds = () => JSON.stringify(readdirSync(folder).sort()) === JSON.stringify([...names].sort());
  return new Promise((resolve) => {
    const watcher = watch(folder, () => {
      if (holds()) resolve();
    });
    t.after(() => watcher.close());
    if (holds()) resolve();
  });
}

test('a build over an earlier one is in place at once; the earlier site goes in the background', async (t) => {
  const [parent] = testDirs(t, 'pagewright-swap-');
  const outDir = join(parent as string, 'dist');
  build(outDir, 200, 'first');
  assert.deepEqual(readdirSync(parent as string), ['dist'], 'nothing to remove after a first build');
  build(outDir, 3, 'second');
  // The new site is whole the moment the build ends...
  assert.equal(readFileSync(join(outDir, 'docs/p2/index.html'), 'utf8'), 'second 2');
  assert.equal(existsSync(join(outDir, 'docs/p3')), false);
  // ...while the earlier one, moved aside, is still there: its removal has only been started (a
  // process of its own takes tens of milliseconds to start at all).
  const aside = readdirSync(parent as string).filter((name) => name.startsWith('.dist-old-'));
  assert.equal(aside.length, 1, `the earlier site is moved aside: ${readdirSync(parent as string).join(', ')}`);
  assert.ok(existsSync(join(parent as string, aside[0] as string, 'docs/p199/index.html')));
  await untilHolds(t, parent as string, ['dist']);
  assert.equal(readFileSync(join(outDir, 'docs/p0/index.html'), 'utf8'), 'second 0');
});
