// Search index: the postings of one run of the indexer (lib/assets/search/term-index.ts), held in
// pages of one Int32Array each instead of an array of numbers for each term and field. Those arrays lived
// until their run was written, so every young collection of the helper thread copied them and each
// growth left garbage in the old generation: collecting took some 40% of the time indexing 40,000
// generated sections. Each term and field has a chain of blocks, each block twice the size of the
// one before up to MAX_BLOCK: a rare term's chain (most are) wastes little, and a common term's
// postings are read in long stretches (a chain of single postings, tried first, scattered its
// reads over the whole array and made writing a run several times slower).
import { grown } from './int-arrays.ts';
import type { IndexTerm } from './index-term.ts';

/** Postings in a chain's first block, and at most in any block. */
const FIRST_BLOCK = 2;
const MAX_BLOCK = 1024;
/** A block: the next block's offset (-1: none), its capacity, its postings used, then (id, count) pairs. */
const NEXT = 0;
const CAPACITY = 1;
const USED = 2;
const HEADER = 3;
/**
 * Ints in a page (4 MB): the blocks are added a page at a time, never copied to grow, and a block
 * never crosses a page's end. An offset is page number × PAGE + the place in the page.
 */
const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
const IN_PAGE = PAGE - 1;

export class PostingChains {
  private readonly pages: Int32Array[] = [];
  /** The offset of the next block. */
  private end = 0;
  /** By chain: the offset of its first and of its last block (-1: empty). */
  private first = new Int32Array(1024).fill(-1);
  private last = new Int32Array(1024).fill(-1);
  /** Chains reserved since the last clear. */
  private chains = 0;
  /** Postings added since the chains were last cleared. */
  size = 0;

  /** Room for chains 0 … count − 1. */
  reserve(count: number): void {
    this.chains = Math.max(this.chains, count);
    if (count <= this.first.length) return;
    const from = this.first.length;
    this.first = grown(this.first, count).fill(-1, from);
    this.last = grown(this.last, count).fill(-1, from);
  }

  /** A posting at the end of a chain: the section id and the term's count there. */
  add(chain: number, id: number, count: number): void {
    let block = this.last[chain] as number;
    if (block === -1) {
      block = this.block(FIRST_BLOCK);
      this.first[chain] = block;
      this.last[chain] = block;
    } else {
      const page = this.pages[block >>> PAGE_BITS] as Int32Array;
      const at = block & IN_PAGE;
      if (page[at + USED] === page[at + CAPACITY]) {
        const next = this.block(Math.min((page[at + CAPACITY] as number) * 2, MAX_BLOCK));
        page[at + NEXT] = next;
        this.last[chain] = next;
        block = next;
      }
    }
    const page = this.pages[block >>> PAGE_BITS] as Int32Array;
    const at = block & IN_PAGE;
    const used = page[at + USED] as number;
    page[at + HEADER + used * 2] = id;
    page[at + HEADER + used * 2 + 1] = count;
    page[at + USED] = used + 1;
    this.size += 1;
  }

  /** Adds the chain's postings, in the order added, to `out` in `field` (IndexTerm.add). */
  readInto(chain: number, field: number, out: IndexTerm): void {
    let size = 0;
    for (let block = this.first[chain] as number; block !== -1;) {
      const page = this.pages[block >>> PAGE_BITS] as Int32Array;
      size += page[(block & IN_PAGE) + USED] as number;
      block = page[(block & IN_PAGE) + NEXT] as number;
    }
    let to = out.add(field, size);
    const { ids, counts } = out;
    for (let block = this.first[chain] as number; block !== -1;) {
      const page = this.pages[block >>> PAGE_BITS] as Int32Array;
      const start = block & IN_PAGE;
      const end = start + HEADER + (page[start + USED] as number) * 2;
      for (let at = start + HEADER; at < end; at += 2) {
        ids[to] = page[at] as number;
        counts[to] = page[at + 1] as number;
        to += 1;
      }
      block = page[start + NEXT] as number;
    }
  }

  /** Every chain empty again; the pages are kept for the next run. */
  clear(): void {
    this.first.fill(-1, 0, this.chains);
    this.last.fill(-1, 0, this.chains);
    this.chains = 0;
    this.end = 0;
    this.size = 0;
  }

  /** A new empty block's offset. */
  private block(capacity: number): number {
    const size = HEADER + capacity * 2;
    // At the next page's start when it would cross this one's end.
    const offset = (this.end & IN_PAGE) + size > PAGE ? (this.end | IN_PAGE) + 1 : this.end;
    const number = offset >>> PAGE_BITS;
    if (number === this.pages.length) this.pages.push(new Int32Array(PAGE));
    const page = this.pages[number] as Int32Array;
    const at = offset & IN_PAGE;
    page[at + NEXT] = -1;
    page[at + CAPACITY] = capacity;
    page[at + USED] = 0;
    this.end = offset + size;
    return offset;
  }
}
