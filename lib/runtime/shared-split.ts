// The docs of a transform shared between the main thread and the helper (lib/runtime/helper-thread.ts)
// as they go, not by a share fixed beforehand: the docs are cut into chunks, the main thread claims
// them from the front and the helper from the back, until every chunk is claimed. With a fixed
// share (55% for the main thread) one thread waited for the other at the end of the transform, by
// how much depending on the site, on how long the helper takes to start and on what else the
// machine runs.
//
// Each thread's docs stay one run in file order (the main thread's first), so the pages come back
// in order and the first error in file order still wins: the main thread's docs all come before
// the helper's; and the helper stops at its first error, leaving the chunks before it unclaimed,
// which the main thread then transforms too (past its bound: SplitFront.docs) before it reports
// the helper's error, so that it meets any earlier one first (mainPart).

import { BuildError } from '../diagnostics.ts';

/** Docs in a chunk: small enough that neither thread waits long for the other's last chunk (some 60 ms of work). */
export const SPLIT_CHUNK = 32;

/**
 * The chunks claimed so far, by either thread, in one shared integer: a claim takes the next
 * number, and only numbers below the chunks' count are chunks, so the two threads never take the
 * same one (the front's n-th claim is chunk n − 1, the back's chunk count − n). Each thread has a
 * bound it does not claim past, so that each has a part of every transform whatever their speeds:
 * the main thread the docs before `lowest`, the helper those from `highest` on (both a chunk's
 * first doc, or the last doc's end).
 */
export interface SharedSplit {
  claimed: SharedArrayBuffer;
  docs: number;
  lowest: number;
  highest: number;
}

/**
 * The shares of the docs that are the main thread's at least (before `lowest`) and the helper's at
 * least (from `highest` on). The helper is sent the metadata of every doc it may take, in one
 * message, so not every doc's: the threads meet near half the docs (50.6% in a 10,000-page build).
 */
const MAIN_AT_LEAST = 0.4;
const HELPER_AT_LEAST = 0.25;

export function sharedSplit(docs: number): SharedSplit {
  const lowest = Math.floor((docs * MAIN_AT_LEAST) / SPLIT_CHUNK) * SPLIT_CHUNK;
  const highest = Math.min(docs, Math.ceil((docs * (1 - HELPER_AT_LEAST)) / SPLIT_CHUNK) * SPLIT_CHUNK);
  return { claimed: new SharedArrayBuffer(4), docs, lowest, highest };
}

function chunkCount({ docs }: SharedSplit): number {
  return Math.ceil(docs / SPLIT_CHUNK);
}

/** The main thread's claims, from the first chunk on. */
export class SplitFront {
  private readonly claimed: Int32Array;
  /** The chunks this thread has claimed. */
  private chunks = 0;
  /** The docs it has been given. */
  count = 0;

  constructor(private readonly split: SharedSplit) {
    this.claimed = new Int32Array(split.claimed);
  }

  /**
   * The next docs, by index, chunk by chunk while chunks are left: up to the split's `highest`; or,
   * once the helper has failed, up to the end (the docs it left may hold an earlier error).
   */
  *docs(pastHighest = false): Generator<number> {
    const { docs, highest } = this.split;
    const count = chunkCount(this.split);
    while ((pastHighest || this.chunks * SPLIT_CHUNK < highest) && Atomics.add(this.claimed, 0, 1) < count) {
      const start = this.chunks * SPLIT_CHUNK;
      this.chunks += 1;
      for (let doc = start; doc < Math.min(docs, start + SPLIT_CHUNK); doc += 1) {
        this.count += 1;
        yield doc;
      }
    }
  }
}

/**
 * The helper's chunks, as [first doc, end): from the last, while chunks are left, and none before
 * the split's `lowest` (it was given only the docs from there on).
 */
export function* fromBack(split: SharedSplit): Generator<[number, number]> {
  const claimed = new Int32Array(split.claimed);
  const count = chunkCount(split);
  for (let chunk = count - 1; chunk * SPLIT_CHUNK >= split.lowest && Atomics.add(claimed, 0, 1) < count; chunk -= 1) {
    yield [chunk * SPLIT_CHUNK, Math.min(split.docs, (chunk + 1) * SPLIT_CHUNK)];
  }
}

/**
 * The main thread's part of a shared transform: `make` for each doc it claims, then the helper's
 * result (`theirs`, whose pages are the docs this thread did not claim, in order) once it settles;
 * the number of docs made here. When the helper failed at a doc's error, this thread makes the
 * docs it left too before that error is thrown, so that an earlier one is met first.
 */
export async function mainPart<Result extends { pages: unknown[] }>(split: SharedSplit, make: (doc: number) => void, theirs: Promise<Result>): Promise<{ ours: number; theirs: Result }> {
  const front = new SplitFront(split);
  for (const doc of front.docs()) make(doc);
  const result = await theirs.catch((error: unknown) => {
    if (error instanceof BuildError) for (const doc of front.docs(true)) make(doc);
    throw error;
  });
  if (front.count + result.pages.length !== split.docs) throw new Error(`Internal error: the threads transformed ${front.count} and ${result.pages.length} of ${split.docs} docs.`);
  return { ours: front.count, theirs: result };
}

/**
 * Items of another kind shared the same way, one claim an item and with no bounds (the markdown
 * twins' groups, lib/runtime/threaded.ts): the indexes this thread claims, from the first item on
 * or from the last, until every item is claimed. `claimed` is a new shared integer, shared by the
 * two threads and no one else.
 */
export function* claims(claimed: SharedArrayBuffer, count: number, from: 'front' | 'back'): Generator<number> {
  const counter = new Int32Array(claimed);
  for (let taken = 0; Atomics.add(counter, 0, 1) < count; taken += 1) yield from === 'front' ? taken : count - 1 - taken;
}
