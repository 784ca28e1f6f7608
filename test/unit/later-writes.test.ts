// The pages `npm start` fills with a new search index's name are written between builds in turns
// (lib/runtime/later-writes.ts); a save made meanwhile waits for the turn running, so a turn ends
// when its time is up, however slow each page is to write.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LATER_WRITES_TURN_MS, LaterWrites } from '../../lib/runtime/later-writes.ts';
import type { VersionedFile } from '../../lib/write/site-writer.ts';
import { testDirs } from '../helpers/site.ts';

const page = (index: number): VersionedFile => ({ path: `p${index}/index.html`, version: `v${index}`, content: () => `P${index}` });

/** Hands `count` pages to a LaterWrites whose clock moves `step` ms each time it is read; runs its turns one by one. */
function fill(outDir: string, count: number, step: number) {
  let time = 0;
  const turns: (() => void)[] = [];
  let done = 0;
  const writes = new LaterWrites((task) => turns.push(task), () => { done += 1; }, () => (time += step));
  writes.hand(outDir, Array.from({ length: count }, (_, index) => page(index)), new Map());
  const written = () => (existsSync(outDir) ? readdirSync(outDir).length : 0);
  /** The pages each turn wrote, turn by turn, until none is scheduled. */
  const perTurn: number[] = [];
  while (turns.length > 0) {
    const before = written();
    turns.shift()?.();
    perTurn.push(written() - before);
  }
  return { perTurn, done: () => done, waiting: writes.waiting };
}

test('a turn writes pages until its time is up, then lets the builds queued meanwhile go', (t) => {
  const [out] = testDirs(t, 'pagewright-later-writes-');
  // Each page takes 8 ms of the turn's 20: three pages a turn (checked after each page).
  assert.equal(LATER_WRITES_TURN_MS, 20);
  const { perTurn, done, waiting } = fill(join(out as string, 'quick'), 10, 8);
  assert.deepEqual(perTurn, [3, 3, 3, 1]);
  assert.equal(done(), 1, 'done once, after the last page');
  assert.equal(waiting, 0);
});

test('a page slower than a turn is written alone in its turn, and every page is written', (t) => {
  const [out] = testDirs(t, 'pagewright-later-writes-slow-');
  const { perTurn, done } = fill(join(out as string, 'slow'), 4, 100);
  assert.deepEqual(perTurn, [1, 1, 1, 1]);
  assert.equal(done(), 1);
});
