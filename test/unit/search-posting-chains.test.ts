// A run's postings (lib/assets/search/posting-chains.ts): each term and field's chain gives back its
// postings in the order added, as the index writes them, however its blocks fall across pages, and
// a cleared chain starts empty for the next run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PostingChains } from '../../lib/assets/search/posting-chains.ts';

test('chains interleaved over several pages read back in the order added, and start empty after a clear', () => {
  const chains = new PostingChains();
  chains.reserve(4);
  const expected: string[][] = [[], [], [], []];
  // 900,000 postings: past three pages of 4 MB with the blocks' headers, chain 3 one posting only.
  for (let id = 0; id < 300_000; id += 1) {
    for (const chain of [0, 1, 2]) {
      if (chain === 1 && id % 3 !== 0) continue;
      const count = (id * 7 + chain) % 11 + 1;
      chains.add(chain, id, count);
      expected[chain]?.push(`"${id}":${count}`);
    }
  }
  chains.add(3, 42, 5);
  expected[3]?.push('"42":5');
  for (const chain of [0, 1, 2, 3]) {
    assert.equal(chains.has(chain), true);
    assert.equal(chains.text(chain), expected[chain]?.join(','), `chain ${chain}`);
  }
  assert.equal(chains.size, 300_000 * 2 + 100_000 + 1);
  chains.clear();
  assert.equal(chains.size, 0);
  assert.equal(chains.has(0), false);
  chains.reserve(2);
  chains.add(1, 7, 2);
  assert.equal(chains.text(1), '"7":2');
  assert.equal(chains.text(0), '');
});
