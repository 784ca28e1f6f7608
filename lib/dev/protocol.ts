// Messages between `npm start` (dev.ts: the server, which never stops) and its build worker (a
// child process holding the build code, started again when that code changes).

/**
 * Build now. The worker finds what changed itself (its BuildCache compares sources and stamps),
 * but for the docs folder's walk, which it skips when `changed` (the files the server's watcher saw
 * change since the last request) holds only docs it knows (lib/load/known-tree.ts). Without
 * `changed` (the watcher was not yet watching every file) the worker walks the folder.
 */
export interface BuildRequest {
  type: 'build';
  changed?: string[] | undefined;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'built'; ms: number; pagesRendered: number; pagesTotal: number; stylesheet: string }
  | { type: 'failed'; message: string };
