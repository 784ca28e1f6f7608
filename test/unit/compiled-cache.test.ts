// The client bundles kept on the disk between runs (lib/assets/compiled-cache.ts): reused only while
// every file they were made from has the same bytes, compiled anew otherwise.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compiledWithCache } from '../../lib/assets/compiled-cache.ts';
import { tempDir } from '../helpers/site.ts';

/** A root with a source folder and a file outside it that the "compiler" also reads. */
function project(t: { after: (fn: () => void) => void }): string {
  const root = tempDir('pagewright-compiled-');
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src/deep'), { recursive: true });
  mkdirSync(join(root, 'vendor'));
  writeFileSync(join(root, 'src/a.ts'), 'a');
  writeFileSync(join(root, 'src/deep/b.ts'), 'b');
  writeFileSync(join(root, 'vendor/lib.js'), 'v1');
  return root;
}

test('the stored result is used while its inputs are unchanged, and compiled anew when any of them changes', async (t) => {
  const root = project(t);
  let compilations = 0;
  const compile = async () => ({ value: `compiled ${++compilations}`, inputs: ['src/a.ts', 'vendor/lib.js'] });
  const get = () => compiledWithCache(root, 'bundles', ['src'], compile);

  assert.equal(await get(), 'compiled 1');
  assert.equal(await get(), 'compiled 1', 'unchanged: from the disk');
  writeFileSync(join(root, 'src/deep/b.ts'), 'b2');
  assert.equal(await get(), 'compiled 2', 'a file of the folder changed');
  writeFileSync(join(root, 'vendor/lib.js'), 'v2');
  assert.equal(await get(), 'compiled 3', 'a file the compiler read outside the folder changed');
  writeFileSync(join(root, 'src/new.ts'), 'n');
  assert.equal(await get(), 'compiled 4', 'a file was added to the folder');
  rmSync(join(root, 'src/new.ts'));
  assert.equal(await get(), 'compiled 5', 'a file was removed from the folder');
  assert.equal(await get(), 'compiled 5');
});

test('a result compiled while a source was being saved is not kept', async (t) => {
  const root = project(t);
  let compilations = 0;
  const compile = async () => {
    compilations++;
    if (compilations === 1) writeFileSync(join(root, 'src/a.ts'), 'saved during the compilation');
    return { value: `compiled ${compilations}`, inputs: [] };
  };
  assert.equal(await compiledWithCache(root, 'bundles', ['src'], compile), 'compiled 1');
  assert.equal(await compiledWithCache(root, 'bundles', ['src'], compile), 'compiled 2', 'compiled again: the first result may predate the save');
  assert.equal(await compiledWithCache(root, 'bundles', ['src'], compile), 'compiled 2');
});
