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
/** A page whose version is its text and the search index's URL, the text alone before it (`beforeSearch`). */
const page = (path: string, text: string, search: string): VersionedFile => ({ path, version: `${text}:${search}`, beforeSearch: text, content: () => `${text} ${search}` });

/** Lists whose reads by index are counted, each under a name. */
function readCounter() {
  const reads = new Map<string, number>();
  /** A list of `items` whose reads are counted under `name`; patched from `from` at `replaced` (noted so) when given. */
  const counted = (name: string, items: VersionedFile[], from?: VersionedFile[], replaced: number[] = []) => {
    const list = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.set(name, (reads.get(name) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    if (from) notePatched(list, from, replaced);
    return list;
  };
  /** `from` with the items at some indexes replaced, noted as patched there. */
  const patched = (name: string, from: VersionedFile[], replaced: Record<number, VersionedFile>) => {
    const copy = from.slice();
    for (const [index, item] of Object.entries(replaced)) copy[Number(index)] = item;
    return counted(name, copy, from, Object.keys(replaced).map(Number).sort((a, b) => a - b));
  };
  return { reads, counted, patched };
}

test('a save writes what changed and removes what is gone, also where files moved between places of a list as long', (t) => {
  const [out] = testDirs(t, 'pagewright-write-');
  const outDir = join(out as string, 'dist');
  let written: WrittenFiles | undefined;
  const save = (files: VersionedFile[]) => {
    written = writeChanges(outDir, [files], written).written;
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
  const counter = readCounter();
  const patchedList = (from: VersionedFile[], replaced: Record<number, VersionedFile>) => counter.patched('list', from, replaced);
  const reads = () => counter.reads.get('list') ?? 0;
  const first = Array.from({ length: 200 }, (_, index) => page(`p${index}/index.html`, `P${index}`, 's1'));
  let { written } = writeChanges(outDir, [first], undefined, true);
  // One page edited: only its place read, and it is written.
  counter.reads.clear();
  const edited = patchedList(first, { 20: page('p20/index.html', 'P20 edited', 's1') });
  ({ written } = writeChanges(outDir, [edited], written, true));
  assert.ok(reads() <= 2, `${reads()} files read of one patched`);
  assert.equal(folder(outDir)['p20/index.html'], 'P20 edited s1');
  // A page whose only change is the search index's URL is held back, and met again by the next
  // call even where the list was not patched there, until it is written.
  const searchOnly = patchedList(edited, { 30: page('p30/index.html', 'P30', 's2') });
  const held = writeChanges(outDir, [searchOnly], written, true);
  assert.deepEqual(held.waiting.map((file) => file.path), ['p30/index.html']);
  assert.equal(folder(outDir)['p30/index.html'], 'P30 s1');
  const next = writeChanges(outDir, [patchedList(searchOnly, { 40: page('p40/index.html', 'P40 edited', 's1') })], held.written, false);
  assert.deepEqual(next.waiting, []);
  assert.equal(folder(outDir)['p30/index.html'], 'P30 s2');
  assert.equal(folder(outDir)['p40/index.html'], 'P40 edited s1');
  assert.equal(Object.keys(folder(outDir)).length, 200);
  // Pages held back and then written one by one in order, as npm start writes them between builds
  // (lib/runtime/later-writes.ts): the next call does not read their places again, and the one
  // still waiting is met again and held back again.
  const nextList = patchedList(searchOnly, { 40: page('p40/index.html', 'P40 edited', 's1') });
  const filled = patchedList(nextList, { 50: page('p50/index.html', 'P50', 's3'), 60: page('p60/index.html', 'P60', 's3'), 70: page('p70/index.html', 'P70', 's3') });
  ({ written } = writeChanges(outDir, [nextList], next.written, true));
  const heldThree = writeChanges(outDir, [filled], written, true);
  assert.deepEqual(heldThree.waiting.map((file) => file.path), ['p50/index.html', 'p60/index.html', 'p70/index.html']);
  for (const file of heldThree.waiting.slice(0, 2)) writeVersioned(outDir, file, heldThree.written);
  const saved = patchedList(filled, { 80: page('p80/index.html', 'P80 edited', 's1') });
  counter.reads.clear();
  const afterFill = writeChanges(outDir, [saved], heldThree.written, true);
  assert.ok(reads() <= 4, `${reads()} files read of one patched and one still held back`);
  assert.deepEqual(afterFill.waiting.map((file) => file.path), ['p70/index.html']);
  assert.equal(folder(outDir)['p60/index.html'], 'P60 s3');
  assert.equal(folder(outDir)['p70/index.html'], 'P70 s1');
  assert.equal(folder(outDir)['p80/index.html'], 'P80 edited s1');
});

test('the files come in lists: a save reads the places of the lists that changed, whichever list a held page is in, and files move between lists', (t) => {
  const [out] = testDirs(t, 'pagewright-write-parts-');
  const outDir = join(out as string, 'dist');
  const { reads, counted, patched } = readCounter();
  const pages = counted('pages', Array.from({ length: 100 }, (_, index) => page(`p${index}/index.html`, `P${index}`, 's1')));
  const twins = counted('twins', Array.from({ length: 100 }, (_, index) => file(`p${index}/index.md`, `T${index}`)));
  const assets = () => counted('assets', [file('assets/site.css', 'CSS'), file('assets/main.js', 'JS')]);
  const expect = (...parts: VersionedFile[][]) => {
    const onDisk = folder(outDir);
    for (const part of parts) for (const each of part) assert.equal(onDisk[each.path], typeof each.content() === 'string' ? each.content() : '', each.path);
    assert.equal(Object.keys(onDisk).length, new Set(parts.flatMap((part) => part.map((each) => each.path))).size, 'no other file');
  };
  let { written } = writeChanges(outDir, [pages, twins, assets()], undefined, true);
  expect(pages, twins, assets());
  // A page and its twin edited: their places are read, the other places of those lists not.
  const edited = patched('pages', pages, { 7: page('p7/index.html', 'P7 edited', 's1') });
  const twinEdited = patched('twins', twins, { 7: file('p7/index.md', 'T7 edited') });
  reads.clear();
  ({ written } = writeChanges(outDir, [edited, twinEdited, assets()], written, true));
  assert.ok((reads.get('pages') ?? 0) <= 2 && (reads.get('twins') ?? 0) <= 2, `reads: ${JSON.stringify([...reads])}`);
  expect(edited, twinEdited, assets());
  // A list the same as the last call's is not read at all.
  reads.clear();
  ({ written } = writeChanges(outDir, [edited, twinEdited, assets()], written, true));
  assert.equal(reads.get('pages') ?? 0, 0);
  assert.equal(reads.get('twins') ?? 0, 0);
  // Pages held back in the second list of three (a search-only change): met again by the next call
  // at their places in that list, until written; written one, the next call reads the other only.
  const lead = counted('lead', [file('index.html', 'Home')]);
  ({ written } = writeChanges(outDir, [lead, edited, twinEdited, assets()], written, true));
  const filled = patched('pages', edited, { 40: page('p40/index.html', 'P40', 's2'), 60: page('p60/index.html', 'P60', 's2') });
  const held = writeChanges(outDir, [lead, filled, twinEdited, assets()], written, true);
  assert.deepEqual(held.waiting.map((each) => each.path), ['p40/index.html', 'p60/index.html']);
  writeVersioned(outDir, held.waiting[0] as VersionedFile, held.written);
  reads.clear();
  const after = writeChanges(outDir, [lead, filled, twinEdited, assets()], held.written, true);
  assert.deepEqual(after.waiting.map((each) => each.path), ['p60/index.html']);
  // Its place read in this call's list and in the last call's (here the same list), and no other.
  assert.ok((reads.get('pages') ?? 0) <= 2, `${reads.get('pages')} reads of the pages for the one still held back`);
  assert.equal(folder(outDir)['p40/index.html'], 'P40 s2');
  assert.equal(folder(outDir)['p60/index.html'], 'P60 s1');
  writeVersioned(outDir, after.waiting[0] as VersionedFile, after.written);
  written = after.written;
  // Files that move between lists, lists that grow and shrink: the folder holds exactly the files.
  const moved = counted('pages', filled.filter((each) => each.path !== 'p3/index.html'));
  const withMoved = counted('twins', [...twinEdited.slice(0, 50), page('p3/index.html', 'P3 as a twin', 's1')]);
  ({ written } = writeChanges(outDir, [lead, moved, withMoved, assets()], written, true));
  expect(lead, moved, withMoved, assets());
  ({ written } = writeChanges(outDir, [moved, assets()], written, true));
  expect(moved, assets());
});

test('pages still held back are held back again by a save without their paths looked up, until a build writes them', (t) => {
  const [out] = testDirs(t, 'pagewright-write-still-held-');
  const outDir = join(out as string, 'dist');
  const { patched } = readCounter();
  const first = Array.from({ length: 200 }, (_, index) => page(`p${index}/index.html`, `P${index}`, 's1'));
  let { written } = writeChanges(outDir, [first], undefined, true);
  // A new search index: every other page changes in its URL alone, and is held back.
  const replaced: Record<number, VersionedFile> = {};
  for (let index = 0; index < 200; index += 2) replaced[index] = page(`p${index}/index.html`, `P${index}`, 's2');
  const filled = patched('pages', first, replaced);
  const held = writeChanges(outDir, [filled], written, true);
  assert.equal(held.waiting.length, 100);
  written = held.written;
  // On the large site of npm start, a save meanwhile looked up every waiting page's path again (~1.5 µs each).
  let lookUps = 0;
  const get = written.get.bind(written);
  written.get = (path: string) => {
    lookUps += 1;
    return get(path);
  };
  // A save: one page edited, and one waiting page made again as the same version (another object).
  const saved = patched('pages', filled, { 1: page('p1/index.html', 'P1 edited', 's2'), 4: page('p4/index.html', 'P4', 's2') });
  const again = writeChanges(outDir, [saved], written, true);
  assert.equal(lookUps, 1, 'the edited page alone is looked up');
  assert.deepEqual(again.waiting.map((each) => each.path), held.waiting.map((each) => each.path));
  assert.equal(again.waiting[2], saved[4], 'the waiting page is this build\'s');
  assert.equal(folder(outDir)['p1/index.html'], 'P1 edited s2');
  assert.equal(folder(outDir)['p0/index.html'], 'P0 s1', 'a waiting page is not written yet');
  // A build that holds nothing back writes them all.
  const all = writeChanges(outDir, [saved], again.written, false);
  assert.deepEqual(all.waiting, []);
  assert.deepEqual(folder(outDir), Object.fromEntries(saved.map((each) => [each.path, each.content()])));
});
