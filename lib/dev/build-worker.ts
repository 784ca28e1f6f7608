// The build side of `npm start`, in a child process: it keeps a BuildCache between builds so a save
// re-renders only the pages it affects. When the build code itself changes (lib/, templates/,
// components/, common/), dev.ts starts a fresh worker, since a running process keeps the modules it
// first imported.
import '../render/production-env.ts';
import { BuildCache } from '../runtime/build-cache.ts';
import { keepReadyIndex } from '../runtime/cached.ts';
import { SearchUpdates } from '../runtime/search-updates.ts';
import { LATER_WRITES_TURN_MS, LaterWrites } from '../runtime/later-writes.ts';
import { buildSite } from '../pipeline.ts';
import { printFailure, printSummary } from '../report.ts';
import { BuildQueue } from './build-queue.ts';
import type { BuildRequest, WorkerReply } from './protocol.ts';

const [rootArg, siteArg, outArg] = process.argv.slice(2);
if (!rootArg || !siteArg || !outArg || !process.send) {
  throw new Error('build-worker.ts is started by dev.ts with the generator root, the site folder and the output folder.');
}
// Drafts are shown while writing; a production build leaves them out.
const options = { root: rootArg, siteDir: siteArg, outDir: outArg, drafts: true };
const cache = new BuildCache();

function reply(message: WorkerReply): void {
  process.send?.(message);
}

/** One build at a time: a save that comes during a build waits for it. */
const queue = new BuildQueue();

/** The last build's pages link the newest search index (none was deferred). */
let searchCurrent = false;
const announce = () => {
  if (searchCurrent) console.log('Search index brought up to date.');
};

// A save's build keeps the last search index; the new one is built in a helper thread meanwhile,
// and once the newest is there a build fills every page with its name (no tab reloads for that),
// writing them a few at a time between the builds of the saves that come meanwhile.
cache.laterWrites = new LaterWrites(queue.afterWaiting, announce);
cache.searchUpdates = new SearchUpdates(queue.add, (ready) => keepReadyIndex(cache, ready), () => {
  queue.add(async () => {
    await build();
    const waiting = cache.laterWrites?.waiting ?? 0;
    if (waiting > 0) console.log(`Search index ready: its name goes into ${waiting} pages, written between builds in turns of ${LATER_WRITES_TURN_MS} ms.`);
    else announce();
  });
}, (error) => console.error(`The search index could not be brought up to date (the next save tries again): ${error instanceof Error ? error.message : String(error)}`));

async function build(): Promise<WorkerReply> {
  const started = performance.now();
  try {
    const result = await buildSite({ ...options, cache, deferSearch: true });
    searchCurrent = !result.searchDeferred;
    const ms = performance.now() - started;
    printSummary(result, ms);
    const { pagesRendered, pagesTotal, docsTransformed, docsTotal } = cache.stats;
    console.log(`Rendered ${pagesRendered} of ${pagesTotal} pages anew (markdown of ${docsTransformed} of ${docsTotal} docs); the rest were unchanged.`);
    return { type: 'built', ms, pagesRendered, pagesTotal, stylesheet: result.stylesheet };
  } catch (error) {
    // A broken page keeps the last good site on screen; the fix rebuilds it.
    searchCurrent = false;
    printFailure(error);
    return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: BuildRequest) => {
  if (request.type !== 'build') return;
  queue.add(async () => {
    cache.tree.saw(request.changed);
    reply(await build());
  });
});
// dev.ts gone (killed, crashed): nobody will ask for a build again, so stop rather than linger.
process.on('disconnect', () => process.exit(0));
// Stopped by dev.ts (a change to the build code, its own end) or by Ctrl+C: end as on an exit, so
// that the files the cache keeps its texts in are removed (lib/runtime/text-store.ts).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(0));
reply({ type: 'ready' });
