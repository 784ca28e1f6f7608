// Runtime: how far V8 lets the heap grow past what is alive before it collects the old generation.
// A build allocates far more than it keeps (each page's markdown tokens, React's output, the
// formatter's strings), and by default V8 lets the heap grow to up to four times the live data
// between full collections when the program allocates fast; the process's peak memory is then
// mostly garbage. A fixed factor of 1.5 keeps it near what is alive. Measured on a generated
// 10,000-page site (two threads): peak resident memory ~930 MB → ~670 MB, CPU time within noise.
// From VERY_LARGE_SITE docs on, 1.2: on 30,000 pages, 814 MB → 699 MB, for 2 s more of full
// collections in the main thread and 6 s in the helper thread on a busy machine (of a 240 s build
// there; some 4% of the time). The flag is V8's own, set once for the process (worker threads
// share it) by a production build of a large site (lib/runtime/threaded.ts): on a small one, whose
// heap is small anyway, the more frequent collections would only cost time.
import { setFlagsFromString } from 'node:v8';

/** From this many docs on, the heap grows by HEAP_GROWING_PERCENT.veryLarge. */
export const VERY_LARGE_SITE = 20_000;

/** The old generation may grow by this percentage of the live data between full collections. */
export const HEAP_GROWING_PERCENT = { large: 50, veryLarge: 20 };

let set = false;

/** Limits heap growth for a build of `docs` docs (the first call sets it for the process). */
export function limitHeapGrowth(docs: number): void {
  if (set) return;
  set = true;
  setFlagsFromString(`--heap-growing-percent=${docs >= VERY_LARGE_SITE ? HEAP_GROWING_PERCENT.veryLarge : HEAP_GROWING_PERCENT.large}`);
}
