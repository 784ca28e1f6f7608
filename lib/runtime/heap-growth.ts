// Runtime: how big V8 lets a build's heap grow. Two limits, both measured to be most of a large
// build's peak memory.
//
// The young generation of a production build, where every object starts: semi-spaces of
// SEMI_SPACE_MB (three a thread), set rather than left to V8, which sizes them by the machine's
// memory (16 MB on this 24 GB machine, less on a small one), so that a build's memory and time do
// not depend on where it runs. 4 MB semi-spaces were tried to lower the peak: on 100,000 generated
// pages the main thread then spent ~29–35 s of a 140–163 s build in ~12,800 young collections
// (~2.3 ms each: fitted over the two sizes, ~1.4 ms of a collection does not depend on its size), against ~15–17 s in ~3,300 with
// 16 MB; the build took 12–15% less time with 16 MB (alternating runs: 141 → 120 s, 163 → 144 s)
// for 60–70 MB more peak (730 → 799 MB), 10,000 pages ~8% less (11.3–12.3 → 10.4–11.2 s) for
// ~65 MB more (240 → 305 MB), the real site the same time for ~20 MB more. 32 MB gave 10,000 pages
// no more speed and 389 MB. The size is fixed when a thread starts, so `npm run build` gives it to
// Node (SEMI_SPACE_FLAG in package.json's script; the flag holds for every thread of the process),
// and the helper thread (lib/runtime/helper-thread.ts) takes it from here for when the build runs
// without it (the tests, the TypeScript sources) and in `npm start`, whose main thread has V8's own.
//
// The old generation: how far V8 lets it grow past what is alive before it collects it.
// A build allocates far more than it keeps (each page's markdown tokens, React's output, the
// formatter's strings), and by default V8 lets the heap grow to up to four times the live data
// between full collections when the program allocates fast; the process's peak memory is then
// mostly garbage. A fixed factor of 1.5 keeps it near what is alive. Measured on a generated
// 10,000-page site (two threads): peak resident memory ~930 MB → ~670 MB, CPU time within noise.
// From VERY_LARGE_SITE docs on, 1.2: on 30,000 pages, 814 MB → 699 MB, for 2 s more of full
// collections in the main thread and 6 s in the helper thread on a busy machine (of a 240 s build
// there; some 4% of the time). The flag is V8's own, for the whole process (worker threads share
// it), set by a production build of a large site as its docs load (lib/runtime/direct.ts: when the
// load was left to V8's factor, the heap it grew to while reading 100,000 docs, ~330 MB for ~130 MB
// alive, stayed committed through the transform, where the build's peak then was) and tightened
// when they pass VERY_LARGE_SITE; on a small site, whose heap is small anyway, the more frequent
// collections would only cost time. `npm start`'s build
// process takes the first factor from HELPER_MIN_DOCS docs on, whatever the size (lib/runtime/cached.ts):
// on 10,000 generated pages its peak went from 574–578 to 369–397 MB (a first build and four
// saves in one process), its first build ~1 s longer of ~31 s, its saves within the noise.
import { setFlagsFromString } from 'node:v8';

/** The young generation's semi-space, in MB, for every thread of a build. */
export const SEMI_SPACE_MB = 16;

/** Node's option that sets it for a process. */
export const SEMI_SPACE_FLAG = `--max-semi-space-size=${SEMI_SPACE_MB}`;

/** The same for a worker thread, which takes the whole young generation: V8's is three semi-spaces. */
export const YOUNG_GENERATION_MB = 3 * SEMI_SPACE_MB;

/** From this many docs on, the heap grows by HEAP_GROWING_PERCENT.veryLarge. */
export const VERY_LARGE_SITE = 20_000;

/** The old generation may grow by this percentage of the live data between full collections. */
export const HEAP_GROWING_PERCENT = { large: 50, veryLarge: 20 };

/** The percentage set for the process, if any. */
let set: number | undefined;

/**
 * Limits heap growth for a production build of `docs` docs (so far), or for `npm start`'s builds
 * (`kept`: the factor of a large site at any size). A call only ever lowers the factor set before.
 */
export function limitHeapGrowth(docs: number, kept = false): void {
  const percent = docs >= VERY_LARGE_SITE && !kept ? HEAP_GROWING_PERCENT.veryLarge : HEAP_GROWING_PERCENT.large;
  if (set !== undefined && set <= percent) return;
  set = percent;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
