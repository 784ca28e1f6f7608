// Runtime, `npm start`: the hash that names the search index's entry file (indexEntryName,
// lib/assets/search/index-job.ts), kept from one save to the next up to the pages' digests. Here,
// not beside the index's modules, whose code the name digests. A save changes one page's digest or
// a few, yet joining every digest and hashing the whole took ~6 ms of a save at 30,000 pages and
// ~20 ms at 100,000. The digests are hashed in blocks, and the hash's state after each block is
// kept with the block's text. A block whose digests are the same as the last call's, after blocks
// that were all the same too, keeps its state. The hash goes on from the first block that differs.
// The bytes hashed are the same as one update of the sources and one of every digest joined, so
// the name is the one a production build gives.
import { createHash, type Hash } from 'node:crypto';

/** Digests a block: large enough that a save copies few states, small enough that it hashes little. */
const BLOCK = 1000;

interface Block {
  /** Its digests as given, compared with the next call's. */
  digests: readonly string[];
  text: string;
  /** The hash's state after this block and all before it. */
  state: Hash;
}

export class PageDigestsHash {
  private last: { sources: Buffer; start: Hash; blocks: Block[] } | undefined;

  /** A new hash that has had `sources` (one after the other) and then `digests` joined, to go on with. */
  after(sources: readonly Buffer[], digests: readonly string[]): Hash {
    const joined = Buffer.concat(sources);
    const last = this.last?.sources.equals(joined) ? this.last : undefined;
    const start = last?.start ?? createHash('sha256').update(joined);
    let state = start;
    /** Whether the blocks so far are all the last call's, so the last call's states hold. */
    let same = last !== undefined;
    const blocks: Block[] = [];
    for (let from = 0, index = 0; from < digests.length; from += BLOCK, index++) {
      const before = last?.blocks[index];
      const kept = before !== undefined && sameRange(before.digests, digests, from);
      if (kept && same) {
        blocks.push(before);
        state = before.state;
        continue;
      }
      same = false;
      const own = kept ? before.digests : digests.slice(from, from + BLOCK);
      const text = kept ? before.text : own.join('');
      state = state.copy().update(text);
      blocks.push({ digests: own, text, state });
    }
    this.last = { sources: joined, start, blocks };
    return state.copy();
  }
}

/** Whether `digests` from `from` on hold `block`'s digests, and the block is as long as it can be there. */
function sameRange(block: readonly string[], digests: readonly string[], from: number): boolean {
  if (block.length !== Math.min(BLOCK, digests.length - from)) return false;
  for (let at = 0; at < block.length; at++) if (block[at] !== digests[from + at]) return false;
  return true;
}
