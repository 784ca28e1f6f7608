// Runtime, `npm start`: the pages whose only change is the search index's name, written a few at a
// time between builds. Once a save's search index is ready, the next build fills every page with
// its name (each page links it); writing them all at once held the next save back for as long as
// that takes (10,000 pages ~1.2 s; 100,000 pages 36-55 s). Until its turn, a page links the index
// before (its files stay in the output folder), which a reader's search loads on use.
import type { VersionedFile, WrittenFiles } from '../write/site-writer.ts';
import { writeVersioned } from '../write/site-writer.ts';

/**
 * How long a turn writes pages before the builds queued meanwhile go: a save made during a turn
 * waits for its end. Turns of 500 pages took ~0.05 s at 10,000 pages and 0.2-0.3 s at 100,000
 * (each page read back, from the cache's file then, from its own file now, filled and written by a
 * write and a rename, slower in a folder of more files), which a save made meanwhile waited for. A
 * turn writes at least one page.
 */
export const LATER_WRITES_TURN_MS = 20;

export class LaterWrites {
  private pending: { outDir: string; files: VersionedFile[]; written: WrittenFiles; next: number } | undefined;
  private scheduled = false;

  /**
   * `schedule` runs a task after the builds queued before it and after the saves received meanwhile
   * (the build worker's queue, BuildQueue.afterWaiting: each turn schedules the next, and a save
   * made during the turns must get in between); `done` is called once the last page handed over is
   * written. `now` tells the time in ms, which ends a turn (LATER_WRITES_TURN_MS).
   */
  constructor(private readonly schedule: (task: () => void) => void, private readonly done: () => void,
    private readonly now: () => number = () => performance.now()) {}

  /**
   * The pages a build left to write into `outDir`, and what it noted as written there (updated as
   * each is written). They replace those of any build before: the newest build's versions are the
   * ones to write, and a page it did not hand over is written or unchanged.
   */
  hand(outDir: string, files: VersionedFile[], written: WrittenFiles): void {
    this.pending = files.length > 0 ? { outDir, files, written, next: 0 } : undefined;
    if (this.pending && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.turn());
    }
  }

  /**
   * Drops the pages waiting: a build about to render holds their texts no longer (its write stage
   * hands over its own; should it fail before, the next build's does).
   */
  drop(): void {
    this.pending = undefined;
  }

  /** How many pages are waiting. */
  get waiting(): number {
    return this.pending ? this.pending.files.length - this.pending.next : 0;
  }

  private turn(): void {
    this.scheduled = false;
    const pending = this.pending;
    if (!pending) return;
    const until = this.now() + LATER_WRITES_TURN_MS;
    do {
      const file = pending.files[pending.next];
      if (file) writeVersioned(pending.outDir, file, pending.written);
      pending.next += 1;
    } while (pending.next < pending.files.length && this.now() < until);
    if (pending.next < pending.files.length) {
      // Behind whatever was queued meanwhile (a save's build).
      this.scheduled = true;
      this.schedule(() => this.turn());
      return;
    }
    this.pending = undefined;
    this.done();
  }
}
