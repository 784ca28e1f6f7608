// The build side of `npm start` (lib/dev/build-worker.ts) does one thing at a time, in the order
// asked: a save's build, the start and the end of a search update, a turn of the pages whose only
// change is the search index's name (lib/runtime/later-writes.ts).

export class BuildQueue {
  private last: Promise<void> = Promise.resolve();

  /** Runs `task` once everything queued before it has run. */
  readonly add = (task: () => void | Promise<void>): void => {
    this.last = this.last.then(task);
  };

  /**
   * Runs `task` once everything queued before it has run and the process has taken in what it was
   * sent meanwhile (a save's build, queued before `task`): for work done in turns, each queuing the
   * next. Queued at once, each turn would run in the promise callback of the one before, and a
   * promise's callbacks all run before the process reads a message: a save made while the pages were
   * filled with a new index's name waited for every turn (30,000 generated pages: 6.5 s for a 1.5 s
   * build; 100,000: 31 s).
   */
  readonly afterWaiting = (task: () => void): void => {
    // setImmediate runs after the event loop's poll for messages and I/O.
    setImmediate(() => this.add(task));
  };
}
