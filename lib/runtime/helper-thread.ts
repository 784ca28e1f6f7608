// A second thread for large production builds, on the machine's second core: it transforms part
// of the docs' markdown while the main thread transforms the rest, then builds the search index
// while the main thread assembles the site, renders and writes the pages. Small sites (the real
// one) build in one thread: the helper's start-up, which loads its modules anew, would cost more
// than it saves.
import { Worker } from 'node:worker_threads';
import { YOUNG_GENERATION_MB } from './heap-growth.ts';
import type { DocSource } from '../load/content.ts';
import { BUNDLED } from '../bundled.ts';
import { BuildError, type Warning } from '../diagnostics.ts';
import type { DocPage } from '../model.ts';
import type { IndexJob, IndexJobResult, IndexPagesJob } from '../assets/search/index-job.ts';
import type { SiteConfig } from '../load/config.ts';
import type { SpilledText } from './spill.ts';

/** From this many docs on, a production build takes a helper thread. */
export const HELPER_MIN_DOCS = 1000;

export interface MarkdownJob {
  /** Each with its body, or with where its body is in the main thread's spill file (`sourcesSpill`). */
  sources: (DocSource & { bodyAt?: SpilledText })[];
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
}

export interface MarkdownResult {
  /**
   * Without their sources, which the main thread has already, and without their HTML, which the
   * helper kept in its spill file (MarkdownJob.spillFile, lib/runtime/spill.ts): each page says where.
   */
  pages: (Omit<DocPage, 'source' | 'html' | 'toc' | 'links' | 'anchors' | 'samples'> & { htmlAt: SpilledText; fieldsAt: SpilledText })[];
  /** Images the pages use: the main thread adds them to the build's assets. */
  images: string[];
  warnings: Warning[];
}

/** A request to the helper: transform markdown; index a production build's doc pages; end (or make) a search index. */
export type HelperJob = { type: 'markdown'; job: MarkdownJob } | { type: 'pages'; job: IndexPagesJob } | { type: 'search'; job: IndexJob };
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
