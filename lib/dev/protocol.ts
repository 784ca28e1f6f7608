// Messages between `npm start` (dev.ts: the server, which never stops) and its build worker (a
// child process holding the build code, started again when that code changes).

/** Build now; the worker finds what changed itself (its BuildCache compares sources and stamps). */
export interface BuildRequest {
  type: 'build';
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'built'; ms: number; pagesRendered: number; pagesTotal: number; stylesheet: string }
  | { type: 'failed'; message: string };
