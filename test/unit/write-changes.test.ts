// `npm start`'s write stage (writeChanges, lib/write/site-writer.ts) writes what changed and
// removes what is gone. A save's list holds mostly the last call's file objects at the same
// places, which it passes over; whatever moved, the folder must hold exactly the list's files.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { notePatched } from '../../lib/runtime/same-items.ts';
import { writeChanges, writeVersioned, type VersionedFile, type WrittenFiles } from '../../lib/write/site-writer.ts';
import { snapshot } from '../helpers/output-files.ts';
import { testDirs } from '../helpers/site.ts';

/** Every file of a folder: its path → its text. */
const folder = (dir: string) => Object.fromEntries([...snapshot(dir)].map(([path, content]) => [path, content.toString('utf8')]));

const file = (path: string, text: string): VersionedFile => ({ path, version: text, content: () => text });

test('a save writes what changed and removes what is gone, also where files moved between places of a list as long', (t) => {
  const [out] = testDirs(t, 'pagewright-write-');
  const outDir = join(out as string, 'dist');
  let written: WrittenFiles | undefined;
  const save = (files: VersionedFile[]) => {
    written = writeChanges(outDir, files, written).written;
    assert.deepEqual(folder(outDir), Object.fromEntries(files.map((each) => [each.path, each.version])));
  };
  const [a, b, c] = [file('a/index.html', 'A'), file('b/index.html', 'B'), file('c/index.md', 'C')];
  save([a, b, c]);
  const inode = statSync(join(outDir, 'a/index.html')).ino;
  save([a, b, c]);
  save([a, file('b/index.html', 'B edited'), c]);
  assert.equal(statSync(join(outDir, 'a/index.html')).ino, inode, 'a file the list kept is not written again');
  // A doc renamed: its place holds a file at another path; the old path is gone.
  save([a, file('d/index.html', 'B renamed'), c]);
  // Two files that swapped paths, and a path that moved to another place.
  save([file('c/index.md', 'C at a'), file('d/index.html', 'D'), file('a/index.html', 'A at c')]);
  // A path the list held twice, then once: the file stays.
  const twice = file('e/index.md', 'E');
  save([twice, file('d/index.html', 'D'), file('e/index.md', 'E')]);
  save([twice, file('d/index.html', 'D'), file('f/index.md', 'F')]);
  // A list of another length.
  save([file('g/index.html', 'G')]);
});

test('a list noted as patched since the last call is read only where it was patched, and where the last call held a page back', (t) => {
  const [out] = testDirs(t, 'pagewright-write-patched-');
  const outDir = join(out as string, 'dist');
  const page = (path: string, text: string, search: string): VersionedFile => ({ path, version: `${text}:${search}`, beforeSearch: text, content: () => `${text} ${search}` });
  let reads = 0;
  /** `from` patched at `at` (in order), noted so, its reads by index counted. */
  const patchedList = (from: VersionedFile[], replaced: Record<number, VersionedFile>) => {
    const copy = from.slice();
    for (const [index, item] of Object.entries(replaced)) copy[Number(index)] = item;
    const list = new Proxy(copy, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    notePatched(list, from, Object.keys(replaced).map(Number).sort((a, b) => a - b));
    return list;
  };
  const first = Array.from({ length: 200 }, (_, index) => page(`p${index}/index.html`, `P${index}`, 's1'));
  let { written } = writeChanges(outDir, first, undefined, true);
  // One page edited: only its place read, and it is written.
  reads = 0;
  const edited = patchedList(first, { 20: page('p20/index.html', 'P20 edited', 's1') });
  ({ written } = writeChanges(outDir, edited, written, true));
  assert.ok(reads <= 2, `${reads} files read of one patched`);
  assert.equal(folder(outDir)['p20/index.html'], 'P20 edited s1');
  // A page whose only change is the search index's URL is held back, and met again by the next
  // call even where the list was not patched there, until it is written.
  const searchOnly = patchedList(edited, { 30: page('p30/index.html', 'P30', 's2') });
  const held = writeChanges(outDir, searchOnly, written, true);
  assert.deepEqual(held.waiting.map((file) => file.path), ['p30/index.html']);
  assert.equal(folder(outDir)['p30/index.html'], 'P30 s1');
  const next = writeChanges(outDir, patchedList(searchOnly, { 40: page('p40/index.html', 'P40 edited', 's1') }), held.written, false);
  assert.deepEqual(next.waiting, []);
  assert.equal(folder(outDir)['p30/index.html'], 'P30 s2');
  assert.equal(folder(outDir)['p40/index.html'], 'P40 edited s1');
  assert.equal(Object.keys(folder(outDir)).length, 200);
  // Pages held back and then written one by one in order, as npm start writes them between builds
  // (lib/runtime/later-writes.ts): the next call does not read their places again, and the one
  // still waiting is met again and held back again.
  const nextList = patchedList(searchOnly, { 40: page('p40/index.html', 'P40 edited', 's1') });
  const filled = patchedList(nextList, { 50: page('p50/index.html', 'P50', 's3'), 60: page('p60/index.html', 'P60', 's3'), 70: page('p70/index.html', 'P70', 's3') });
  ({ written } = writeChanges(outDir, nextList, next.written, true));
  const heldThree = writeChanges(outDir, filled, written, true);
  assert.deepEqual(heldThree.waiting.map((file) => file.path), ['p50/index.html', 'p60/index.html', 'p70/index.html']);
  for (const file of heldThree.waiting.slice(0, 2)) writeVersioned(outDir, file, heldThree.written);
  const saved = patchedList(filled, { 80: page('p80/index.html', 'P80 edited', 's1') });
  reads = 0;
  const afterFill = writeChanges(outDir, saved, heldThree.written, true);
  assert.ok(reads <= 4, `${reads} files read of one patched and one still held back`);
  assert.deepEqual(afterFill.waiting.map((file) => file.path), ['p70/index.html']);
  assert.equal(folder(outDir)['p60/index.html'], 'P60 s3');
  assert.equal(folder(outDir)['p70/index.html'], 'P70 s1');
  assert.equal(folder(outDir)['p80/index.html'], 'P80 edited s1');
});
