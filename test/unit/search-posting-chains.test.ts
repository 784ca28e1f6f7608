// A run's postings (lib/assets/search/posting-chains.ts): each term and field's chain gives back its
// postings in the order added, however its blocks fall across pages, and a cleared chain starts
// empty for the next run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IndexTerm } from '../../lib/assets/search/index-term.ts';
import { PostingChains } from '../../lib/assets/search/posting-chains.ts';

/** A chain's postings as `id:count` texts, read into a term's field after a posting already there. */
function postingsOf(chains: PostingChains, chain: number): string[] {
  const term = new IndexTerm();
  term.reset('word');
  const first = term.add(2, 1);
  term.ids[first] = 99;
  term.counts[first] = 1;
  chains.readInto(chain, 2, term);
  const postings: string[] = [];
  for (let at = term.starts[2] as number; at < (term.starts[3] as number); at += 1) postings.push(`${term.ids[at]}:${term.counts[at]}`);
  assert.equal(postings.shift(), '99:1', 'the postings come after those the field had');
  assert.equal(term.size, postings.length + 1);
  return postings;
}

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
      expected[chain]?.push(`${id}:${count}`);
    }
  }
  chains.add(3, 42, 5);
  expected[3]?.push('42:5');
  for (const chain of [0, 1, 2, 3]) {
    assert.deepEqual(postingsOf(chains, chain), expected[chain], `chain ${chain}`);
  }
  assert.equal(chains.size, 300_000 * 2 + 100_000 + 1);
  chains.clear();
  assert.equal(chains.size, 0);
  assert.deepEqual(postingsOf(chains, 0), []);
  chains.reserve(2);
  chains.add(1, 7, 2);
  assert.deepEqual(postingsOf(chains, 1), ['7:2']);
  assert.deepEqual(postingsOf(chains, 0), []);
});
