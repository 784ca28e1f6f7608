// Messages between `npm start` (dev.ts: the server, which never stops) and its build worker (a
// child process holding the build code, started again when that code changes).

export interface BuildRequest {
  type: 'build';
  /** Files changed since the last build (empty for the first build of a worker). */
  changed: string[];
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'built'; ms: number; pagesRendered: number; pagesTotal: number; stylesheet: string }
  | { type: 'failed'; message: string };
