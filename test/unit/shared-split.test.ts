// The docs of a transform shared by the two threads as they go (lib/runtime/shared-split.ts): in
// any order of claims, every doc goes to one thread only, the main thread's are the first ones and
// the helper's the last, and neither goes past its bound. Items shared without bounds (the markdown
// twins' groups) the same way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claims as itemClaims, fromBack, sharedSplit, SplitFront, SPLIT_CHUNK } from '../../lib/runtime/shared-split.ts';

/**
 * What two claimers take when the front claims `frontEvery` times for every `backEvery` of the
 * back's (either may be 0: it claims once the other has no more).
 */
function interleaved<F, B>(front: Iterator<F>, back: Iterator<B>, frontEvery: number, backEvery: number): { front: F[]; back: B[] } {
  const got = { front: [] as F[], back: [] as B[] };
  let frontDone = false;
  let backDone = false;
  while (!frontDone || !backDone) {
    for (let turn = 0; (backDone || turn < frontEvery) && !frontDone; turn += 1) {
      const next = front.next();
      if (next.done) frontDone = true;
      else got.front.push(next.value);
    }
    for (let turn = 0; (frontDone || turn < backEvery) && !backDone; turn += 1) {
      const next = back.next();
      if (next.done) backDone = true;
      else got.back.push(next.value);
    }
  }
  return got;
}

/**
 * The docs each thread gets when the main thread claims `frontEvery` chunks for every `backEvery`
 * of the helper's (either may be 0: it claims once the other has no more).
 */
function claims(docs: number, frontEvery: number, backEvery: number): { front: number[]; back: number[] } {
  const split = sharedSplit(docs);
  const front = new SplitFront(split);
  const got = interleaved(front.docs(), fromBack(split), frontEvery * SPLIT_CHUNK, backEvery);
  assert.equal(front.count, got.front.length);
  return { front: got.front, back: got.back.flatMap(([start, end]) => Array.from({ length: end - start }, (_, index) => start + index)) };
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

test('items claimed from both ends go to one side each: the front the first ones in order, the back the others from the last', () => {
  for (const count of [0, 1, 2, 7, 52]) {
    for (const [frontEvery, backEvery] of [[1, 0], [0, 1], [1, 1], [3, 1], [1, 3]] as const) {
      const claimed = new SharedArrayBuffer(4);
      const got = interleaved(itemClaims(claimed, count, 'front'), itemClaims(claimed, count, 'back'), frontEvery, backEvery);
      const label = `${count} items, claims ${frontEvery}:${backEvery}`;
      assert.deepEqual(got.front, Array.from({ length: got.front.length }, (_, index) => index), `${label}: the front's are the first ones, in order`);
      assert.deepEqual(got.back, Array.from({ length: count - got.front.length }, (_, index) => count - 1 - index), `${label}: the back's are all the others, from the last`);
      if (frontEvery === 0 || backEvery === 0) assert.equal(frontEvery === 0 ? got.back.length : got.front.length, count, `${label}: one side alone takes all`);
    }
  }
});
