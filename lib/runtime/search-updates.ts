// Runtime, `npm start`: the search index of a save, built in a helper thread (the one a large
// production build takes, lib/runtime/helper-thread.ts) while the build process takes the next
// saves. A save's build keeps the last index (BuildOptions.deferSearch) and says what the new one
// is made from; the helper builds it into a folder of its own; once it is there, the next build
// finds it under the name its pages will link to and fills the pages with it. Before, the index
// was a build of its own in the build process, and a save made meanwhile waited for it: on 10,000
// generated pages some 10 s. A first build, which has no index to keep, has its index built in
// the helper thread too, while its pages render and are written (`buildNow`).
import { mkdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuiltSearchIndex } from '../assets/search/build-index.ts';
import { INDEX_FILES, type IndexJob } from '../assets/search/index-job.ts';
import { BuildError } from '../diagnostics.ts';
import { HelperThread } from './helper-thread.ts';
import { newSpillFolder, type SpilledText } from './spill.ts';

/** What an index is made from, made when the helper is free (it reads every doc's sections). */
export interface WantedIndex {
  /** The entry file's name: a digest of the input (lib/assets/search/index-job.ts). */
  entryName: string;
  /** `folder`: the job's own (removed when the index has been kept or has failed), for files the job needs. */
  job: (folder: string) => Omit<IndexJob, 'outputDir' | 'runsDir'>;
}

/**
 * An index the helper built: its files by name, each where it is in the one file they were put in
 * (IndexFolders.inOneFile), readable while `ready` runs (their folder goes after), to be taken
 * whole rather than each file read back as a text.
 */
export interface ReadyIndex {
  entryName: string;
  index: BuiltSearchIndex;
  files: [string, SpilledText][];
  /** The file they are in. */
  filesIn: string;
  /** With IndexJob.docPages: the file the pages' sections were kept in, and where each is there (IndexJobResult.keptSections). */
  keptSections?: { file: string; places: Float64Array } | undefined;
}

/** Job folders being removed (SearchUpdates.removeLater) in this process, by any SearchUpdates. */
const removing = new Map<string, Promise<void>>();
let removesOnExit = false;

export class SearchUpdates {
  private helper: HelperThread | undefined;
  private wanted: WantedIndex | undefined;
  /** The entry name of the index being built, if one is. */
  private building: string | undefined;

  /** A start is scheduled (see `schedule`). */
  private scheduled = false;

  /**
   * `schedule` runs a task after the builds queued before it and before those queued after: the
   * job is made there (it reads the cache's stored sections, which a build may move). `ready` gets
   * each index the helper finishes; `upToDate` is called once the newest wanted index is ready (the
   * build to run then fills the pages with it); `failed` with what went wrong.
   */
  constructor(
    private readonly schedule: (task: () => void) => void,
    private readonly ready: (index: ReadyIndex) => void,
    private readonly upToDate: () => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** The index the newest build needs; built after the one the helper is building, if any. */
  want(index: WantedIndex): void {
    // Already being built: a build that ran meanwhile (another save's) wants it too.
    if (index.entryName === this.building) {
      this.wanted = undefined;
      return;
    }
    this.wanted = index;
    this.startSoon();
  }

  /**
   * The helper thread for a job of a build's own (a large transform's later docs), when it is
   * building no index and none waits: else undefined, and the build does the work itself rather
   * than wait behind an index.
   */
  lend<T>(use: (helper: HelperThread) => Promise<T>): Promise<T> | undefined {
    if (this.building !== undefined || this.scheduled || this.wanted) return undefined;
    return this.withHelper(use);
  }

  /**
   * A job in the helper thread, made now if there is none. A thread whose job failed otherwise
   * than by the content (out of memory, say) takes no more jobs: the next one gets a new one.
   */
  private async withHelper<T>(use: (helper: HelperThread) => Promise<T>): Promise<T> {
    this.helper ??= new HelperThread();
    const helper = this.helper;
    try {
      return await use(helper);
    } catch (error) {
      if (!(error instanceof BuildError) && this.helper === helper) {
        this.helper = undefined;
        void helper.stop().catch(() => undefined);
      }
      throw error;
    }
  }

  /** Ends the helper thread, and waits for the job folders to be removed. */
  async stop(): Promise<void> {
    await this.helper?.stop();
    this.helper = undefined;
    await Promise.all(removing.values());
  }

  /**
   * Removes a job's folder in Node's thread pool, not waited for by the builds: on 100,000 pages,
   * when the folder held a file for each of the index's ~21,500, removing it took this thread ~8 s
   * in the middle of the first build's render; the disk's part of removing its large files remains.
   * Its name is never used again. One still there when the process exits (the build process
   * stopped) is removed then.
   */
  private removeLater(folder: string): void {
    if (!removesOnExit) {
      removesOnExit = true;
      process.once('exit', () => {
        for (const left of removing.keys()) rmSync(left, { recursive: true, force: true });
      });
    }
    removing.set(folder, rm(folder, { recursive: true, force: true }).catch((error: unknown) => {
      console.warn(`The temporary folder ${folder} could not be removed (${error instanceof Error ? error.message : String(error)}); remove it by hand.`);
    }).finally(() => removing.delete(folder)));
  }

  private startSoon(): void {
    if (this.building !== undefined || this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      void this.next();
    });
  }

  /**
   * An index built now in the helper thread while the build that wants it goes on: a first build,
   * which has no index to keep meanwhile (lib/runtime/cached.ts). `keep` gets it, its files
   * readable until `keep` returns.
   */
  async buildNow(wanted: WantedIndex, keep: (index: ReadyIndex) => void): Promise<void> {
    const folder = newSpillFolder();
    try {
      keep(await this.build(wanted, folder));
    } finally {
      this.removeLater(folder);
    }
  }

  /** Makes the job of the newest wanted index now, then waits for the helper without holding the builds. */
  private async next(): Promise<void> {
    const wanted = this.wanted;
    if (!wanted || this.building !== undefined) return;
    this.wanted = undefined;
    this.building = wanted.entryName;
    let result: ReadyIndex | undefined;
    const folder = newSpillFolder();
    try {
      result = await this.build(wanted, folder);
    } catch (error) {
      this.removeLater(folder);
      this.failed(error);
    }
    // Between builds again: keeping the index moves stored texts that a running build may read.
    this.schedule(() => {
      this.building = undefined;
      try {
        if (result) this.ready(result);
      } finally {
        if (result) this.removeLater(folder);
      }
      // A newer save wanted another index meanwhile: that one next; else the pages can link this
      // one. After a failure, the next save asks again.
      if (this.wanted) this.startSoon();
      else if (result) this.upToDate();
    });
  }

  /** The index built by the helper thread into `folder` (the job's own), its files in one file there (IndexFolders.inOneFile). */
  private async build(wanted: WantedIndex, folder: string): Promise<ReadyIndex> {
    const outputDir = join(folder, 'index');
    const runsDir = join(folder, 'runs');
    mkdirSync(outputDir);
    mkdirSync(runsDir);
    const job = { ...wanted.job(folder), outputDir, runsDir, inOneFile: true };
    const built = await this.withHelper((helper) => helper.searchIndex(job));
    rmSync(runsDir, { recursive: true, force: true });
    if (!built.inOneFile) throw new Error('Internal error: the helper thread did not say where the index files are.');
    // In name order, each name once (two files of the same content have the same name), as a
    // folder of them would list them.
    const files = [...new Map(built.inOneFile)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const keptSections = job.docPages && built.keptSections ? { file: job.docPages.keepFile, places: built.keptSections } : undefined;
    return { entryName: wanted.entryName, index: { ...built.index, url: `${job.folderUrl}${wanted.entryName}` }, files, filesIn: join(outputDir, INDEX_FILES), keptSections };
  }
}
