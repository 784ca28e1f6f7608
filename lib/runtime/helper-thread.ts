// A second thread for large production builds, on the machine's second core: it transforms part
// of the docs' markdown while the main thread transforms the rest (each taking the docs' chunks
// from its end until they meet: lib/runtime/shared-split.ts), then builds the search index while
// the main thread assembles the site, renders and writes the pages, and last writes the markdown
// twins and /llms-full.txt from the end while the main thread writes them from the start
// (lib/runtime/threaded.ts). Small sites (the real
// one) build in one thread: the helper's start-up, which loads its modules anew, would cost more
// than it saves. `npm start`'s build process keeps one for its search indexes
// (lib/runtime/search-updates.ts) and lends it a large transform's later docs (lib/runtime/cached.ts).
import { Worker } from 'node:worker_threads';
import { YOUNG_GENERATION_MB } from './heap-growth.ts';
import type { DocSource } from '../load/content.ts';
import { BUNDLED } from '../bundled.ts';
import { BuildError, type Warning } from '../diagnostics.ts';
import type { DocPage } from '../model.ts';
import type { IndexJob, IndexJobResult, IndexPagesJob } from '../assets/search/index-job.ts';
import type { SiteConfig } from '../load/config.ts';
import type { TwinConfig } from '../assemble/llms.ts';
import type { TwinDoc } from '../transform/twin.ts';
import { spilledRef, type SpillFile, type SpilledText } from './spill.ts';
import type { TransformInput, TwinsInput } from './runtime.ts';
import type { SharedSplit } from './shared-split.ts';

/** From this many docs on, a production build takes a helper thread (and `npm start` gives it part of a large transform). */
export const HELPER_MIN_DOCS = 1000;

export interface MarkdownJob {
  /**
   * Each with its body, or with where its body is in the main thread's spill file (`sourcesSpill`):
   * the transform's docs from the split's `lowest` on.
   */
  sources: (DocSource & { bodyAt?: SpilledText })[];
  /**
   * Docs shared with the main thread as they go (lib/runtime/shared-split.ts): the helper transforms
   * those it claims, and its result's pages are the transform's last ones, in order.
   */
  split: SharedSplit;
  sourcesSpill: string;
  baseUrl: string;
  /** The site folder, which every image must be inside. */
  siteDir: string;
  tagsRoute: string;
  /** Doc file → route, for links to markdown files. */
  routes: [string, string][];
  /** The docs folder, for links relative to it (DocLinks in lib/transform/link-target.ts). */
  docsDir: string | undefined;
  /** The API description, loaded again in the helper (it is parsed from this file). */
  api: { absPath: string; file: string } | undefined;
  /** site.yml "embeds": origins raw <iframe> may embed. */
  embeds: string[];
  /** site.yml "markdown". */
  markdown: SiteConfig['markdown'] | undefined;
  /** Where the helper keeps the pages' HTML: a file in the main thread's spill folder. */
  spillFile: string;
  /**
   * Whether the helper keeps what search reads of its pages, for the index it builds next (a
   * production build); else it closes its spill file when the job ends (`npm start`'s first build,
   * whose index is made from the cache's stored sections).
   */
  forIndex: boolean;
}

export interface MarkdownResult {
  /**
   * Without their sources, which the main thread has already, and without their HTML, which the
   * helper kept in its spill file (MarkdownJob.spillFile, lib/runtime/spill.ts): each page says where.
   */
  pages: HelperPage[];
}

/**
 * A doc the helper transformed, with the images it uses (the main thread adds them to the build's
 * assets) and the warnings it gave, each page's own: `npm start` keeps them with the doc, to replay.
 */
export type HelperPage = Omit<DocPage, 'source' | 'html' | 'toc' | 'links' | 'anchors' | 'samples'> & {
  htmlAt: SpilledText;
  fieldsAt: SpilledText;
  images: string[];
  warnings: Warning[];
};

/**
 * The helper's part of a transform, `sources` shared with this thread by `split` (those from its
 * lowest on), their bodies where `keep` put them in the file `sourcesSpill`.
 */
export function markdownJob({ env, siteDir, routeByFile, apiFile }: Omit<TransformInput, 'sources' | 'assets' | 'api'>, sources: DocSource[], split: MarkdownJob['split'],
  files: { spillFile: string; sourcesSpill: string }, forIndex: boolean): MarkdownJob {
  return {
    ...files, forIndex, split,
    // Plain copies, each with where its body is in the spill file (the helper reads it there)
    // instead of the body: the spill file's readers do not cross to another thread, and the bodies
    // themselves would be copied into one message (~200 MB at 100,000 docs).
    sources: sources.map((source) => {
      const bodyAt = spilledRef(source, 'body')?.at;
      return bodyAt ? { ...source, body: '', bodyAt } : { ...source, body: source.body };
    }),
    baseUrl: env.baseUrl, siteDir, tagsRoute: env.tagsRoute, routes: [...routeByFile], docsDir: env.docsDir, embeds: [...(env.embeds ?? [])], markdown: env.markdown, api: apiFile,
  };
}

/**
 * A production build's markdown twins and /llms-full.txt (markdownTwinGroups, lib/assemble/llms.ts),
 * made and written into the new output folder by the helper once it has ended the search index, and
 * by the main thread once it has rendered the pages, each taking the groups the other has not.
 */
export interface TwinsJob {
  config: TwinConfig;
  /**
   * Where the docs are in the main thread's spill file (`sourcesSpill`), as JSON (TwinsJobDoc[]: the
   * listed docs, then the unlisted ones, each in reading order, TwinOrder): a large site's are tens of megabytes, which a message would hold in memory
   * while the main thread renders, until the helper is done with the search index and reads it.
   */
  docsAt: SpilledText;
  sourcesSpill: string;
  /**
   * Doc file → route, for links to markdown files, of the files other than the docs' (a draft's
   * file has a route): the docs' own are theirs, sent once.
   */
  otherRoutes: [string, string][];
  /** The docs folder, for links relative to it (DocLinks in lib/transform/link-target.ts). */
  docsDir: string | undefined;
  /** The URL of each image the docs published, by its path (a twin links those only). */
  images: [string, string][];
  /** The API description, loaded again in the helper (it is parsed from this file). */
  api: { absPath: string; file: string } | undefined;
  /** The new output folder, in which the main thread has made the twins' folders (filesInto, lib/write/site-writer.ts). */
  outputDir: string;
  /**
   * The groups of files (markdownTwinGroups) shared with the main thread, which claims them from
   * the first while the helper claims them from the last (claims, lib/runtime/shared-split.ts):
   * their number, and the shared count of the claims.
   */
  groups: number;
  claimed: SharedArrayBuffer;
}

/** A doc of a twins' job: what a twin reads of it, flat (its route is its source's), with where its body is in the spill file or the body. */
export type TwinsJobDoc = Omit<TwinDoc, 'source'> & Pick<TwinDoc['source'], 'absPath'> & ({ bodyAt: SpilledText } | { body: string });

/** The twins' job for `input`, its docs put in `spill` (the main thread's, whose texts the helper reads), and the other docs' routes. */
export function twinsJob({ config, listed, unlisted }: TwinsInput, routeByFile: ReadonlyMap<string, string>, spill: SpillFile,
  made: Omit<TwinsJob, 'config' | 'docsAt' | 'sourcesSpill' | 'otherRoutes'>): TwinsJob {
  const inOrder = [...listed, ...unlisted];
  const docs = inOrder.map(({ route, title, hasH1, unlisted, source }): TwinsJobDoc => {
    const bodyAt = spilledRef(source, 'body')?.at;
    const { absPath } = source;
    return bodyAt ? { route, title, hasH1, unlisted, absPath, bodyAt } : { route, title, hasH1, unlisted, absPath, body: source.body };
  });
  const docsAt = spill.put(JSON.stringify(docs));
  spill.flush();
  const docFiles = new Set(inOrder.map((doc) => doc.source.absPath));
  return {
    ...made,
    config: { url: config.url, baseUrl: config.baseUrl, title: config.title, tagline: config.tagline },
    docsAt, sourcesSpill: spill.path,
    otherRoutes: [...routeByFile].filter(([absPath]) => !docFiles.has(absPath)),
  };
}

/** A request to the helper: transform markdown; index a production build's doc pages; end (or make) a search index; write the twins. */
export type HelperJob = { type: 'markdown'; job: MarkdownJob } | { type: 'pages'; job: IndexPagesJob } | { type: 'search'; job: IndexJob } | { type: 'twins'; job: TwinsJob };
export type HelperRequest = { id: number } & HelperJob;
export type HelperReply =
  | { id: number; result: MarkdownResult | IndexJobResult | undefined }
  | { id: number; buildError: { file: string; line: number | undefined; problem: string; hint: string } }
  | { id: number; error: string };

export class HelperThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: never) => void; reject: (error: unknown) => void }>();
  private nextId = 0;

  constructor() {
    // From the bundle, the worker's own bundled file beside this one (scripts/launch.mjs). From the
    // sources, a worker does not inherit the TypeScript loader of the main thread: it registers it first.
    const boot = BUNDLED
      ? `import(${JSON.stringify(new URL('./helper-thread-worker.mjs', import.meta.url).href)})`
      : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./helper-thread-worker.ts', import.meta.url).href)}); })`;
    this.worker = new Worker(boot, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker.on('message', (reply: HelperReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if ('result' in reply) waiter.resolve(reply.result as never);
      else if ('buildError' in reply) waiter.reject(new BuildError(reply.buildError, reply.buildError.problem, reply.buildError.hint));
      else waiter.reject(new Error(`The build's helper thread failed: ${reply.error}`));
    });
    const failAll = (error: unknown) => {
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) => failAll(new Error(`The build's helper thread stopped (exit code ${code}).`)));
    // Idle between jobs, it must not keep the process alive.
    this.worker.unref();
  }

  markdown(job: MarkdownJob): Promise<MarkdownResult> {
    return this.request<MarkdownResult>({ type: 'markdown', job });
  }

  /** A production build's doc pages, indexed once transformed; the search job (`searchIndex`) then ends that index. */
  indexPages(job: IndexPagesJob): Promise<void> {
    return this.request<void>({ type: 'pages', job });
  }

  searchIndex(job: IndexJob): Promise<IndexJobResult> {
    return this.request<IndexJobResult>({ type: 'search', job });
  }

  /** A production build's markdown twins and /llms-full.txt, the groups the helper claims written into its new output folder. */
  twins(job: TwinsJob): Promise<void> {
    return this.request<void>({ type: 'twins', job });
  }

  /** Ends the thread; the promise settles once it has stopped (it may be writing files until then). */
  async stop(): Promise<void> {
    // Held while it stops: an unreferenced thread would let the process end before it has.
    this.worker.ref();
    await this.worker.terminate();
  }

  private request<T>(message: HelperJob): Promise<T> {
    const id = this.nextId++;
    this.worker.ref();
    const done = new Promise<T>((resolve, reject) => this.waiting.set(id, { resolve: resolve as (value: never) => void, reject }));
    // Awaited later than it may fail: a failure meanwhile must not count as unhandled.
    done.catch(() => undefined).finally(() => { if (this.waiting.size === 0) this.worker.unref(); });
    this.worker.postMessage({ id, ...message } as HelperRequest);
    return done;
  }
}
