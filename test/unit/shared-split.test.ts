// The docs of a transform shared by the two threads as they go (lib/runtime/shared-split.ts): in
// any order of claims, every doc goes to one thread only, the main thread's are the first ones and
// the helper's the last, and neither goes past its bound.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromBack, sharedSplit, SplitFront, SPLIT_CHUNK } from '../../lib/runtime/shared-split.ts';

/**
 * The docs each thread gets when the main thread claims `frontEvery` chunks for every `backEvery`
 * of the helper's (either may be 0: it claims once the other has no more).
 */
function claims(docs: number, frontEvery: number, backEvery: number): { front: number[]; back: number[] } {
  const split = sharedSplit(docs);
  const front = new SplitFront(split);
  const frontDocs = front.docs();
  const backChunks = fromBack(split);
  const got = { front: [] as number[], back: [] as number[] };
  let frontDone = false;
  let backDone = false;
  while (!frontDone || !backDone) {
    for (let turn = 0; (backDone || turn < frontEvery * SPLIT_CHUNK) && !frontDone; turn += 1) {
      const next = frontDocs.next();
      if (next.done) frontDone = true;
      else got.front.push(next.value);
    }
    for (let turn = 0; (frontDone || turn < backEvery) && !backDone; turn += 1) {
      const next = backChunks.next();
      if (next.done) backDone = true;
      else for (let doc = next.value[0]; doc < next.value[1]; doc += 1) got.back.push(doc);
    }
  }
  assert.equal(front.count, got.front.length);
  return got;
}

test('every doc goes to one thread, the main thread\'s first, within each thread\'s bound', () => {
  for (const docs of [1, 31, 32, 33, 41, 1000, 10_001]) {
    const { lowest, highest } = sharedSplit(docs);
    assert.ok(lowest % SPLIT_CHUNK === 0 && (highest % SPLIT_CHUNK === 0 || highest === docs) && lowest <= highest, `bounds of ${docs}`);
    const shares: number[] = [];
    for (const [frontEvery, backEvery] of [[1, 0], [0, 1], [1, 1], [3, 1], [1, 3]] as const) {
      const { front, back } = claims(docs, frontEvery, backEvery);
      assert.deepEqual(front, Array.from({ length: front.length }, (_, index) => index), 'the main thread\'s docs are the first ones, in order');
      assert.deepEqual([...back].sort((a, b) => a - b), Array.from({ length: docs - front.length }, (_, index) => front.length + index), 'the helper\'s are all the others');
      assert.ok(front.length >= Math.min(lowest, docs) && front.length <= highest, `${docs} docs, claims ${frontEvery}:${backEvery}: the main thread has ${front.length}`);
      shares.push(front.length);
    }
    // A thread that claims alone takes all it may: the main thread up to its bound, the helper down to its.
    assert.equal(shares[0], highest, `${docs} docs: the main thread alone`);
    assert.equal(shares[1], lowest, `${docs} docs: the helper alone`);
  }
});
