// Runtime: how far V8 lets the heap grow past what is alive before it collects the old generation.
// A build allocates far more than it keeps (each page's markdown tokens, React's output, the
// formatter's strings), and by default V8 lets the heap grow to up to four times the live data
// between full collections when the program allocates fast; the process's peak memory is then
// mostly garbage. A fixed factor of 1.5 keeps it near what is alive. Measured on a generated
// 10,000-page site (two threads): peak resident memory ~930 MB → ~670 MB, CPU time within noise.
// The flag is V8's own, set once for the process (worker threads share it) by a production build
// of a large site (lib/runtime/threaded.ts): on a small one, whose heap is small anyway, the more
// frequent collections would only cost time.
import { setFlagsFromString } from 'node:v8';

/** The old generation may grow by this percentage of the live data between full collections. */
export const HEAP_GROWING_PERCENT = 50;

let set = false;

export function limitHeapGrowth(): void {
  if (set) return;
  set = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
