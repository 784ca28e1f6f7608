// The build side of `npm start`, in a child process: it keeps a BuildCache between builds so a save
// re-renders only the pages it affects. When the build code itself changes (lib/, templates/,
// components/, common/), dev.ts starts a fresh worker, since a running process keeps the modules it
// first imported.
import '../render/production-env.ts';
import { BuildCache } from '../runtime/build-cache.ts';
import { buildSite } from '../pipeline.ts';
import { printFailure, printSummary } from '../report.ts';
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
let queue: Promise<void> = Promise.resolve();

async function build(deferSearch: boolean): Promise<WorkerReply> {
  const started = performance.now();
  try {
    const result = await buildSite({ ...options, cache, deferSearch });
    const ms = performance.now() - started;
    printSummary(result, ms);
    const { pagesRendered, pagesTotal, docsTransformed, docsTotal } = cache.stats;
    console.log(`Rendered ${pagesRendered} of ${pagesTotal} pages anew (markdown of ${docsTransformed} of ${docsTotal} docs); the rest were unchanged.`);
    if (result.searchDeferred) {
      // The tabs reload now; the search index follows in a second build that renders no page.
      queue = queue.then(async () => {
        const reply = await build(false);
        if (reply.type === 'built') console.log('Search index brought up to date.');
      });
    }
    return { type: 'built', ms, pagesRendered, pagesTotal, stylesheet: result.stylesheet };
  } catch (error) {
    // A broken page keeps the last good site on screen; the fix rebuilds it.
    printFailure(error);
    return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: BuildRequest) => {
  if (request.type !== 'build') return;
  queue = queue.then(async () => reply(await build(true)));
});
// dev.ts gone (killed, crashed): nobody will ask for a build again, so stop rather than linger.
process.on('disconnect', () => process.exit(0));
reply({ type: 'ready' });
