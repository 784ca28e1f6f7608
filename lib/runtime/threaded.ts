// Runtime, two threads: a production build of a large site (from HELPER_MIN_DOCS docs on). The
// helper thread (lib/runtime/helper-thread.ts) transforms the later part of the docs' markdown while
// this thread transforms the earlier part (where they meet is found as they go:
// lib/runtime/shared-split.ts), then builds the search index, writing its files into the
// new folder itself, while this thread assembles the site, renders and writes the pages: the index
// begins with the docs as soon as they are transformed, and the assets stage ends it with the
// sections made by assemble (the category pages'). The markdown twins and /llms-full.txt come
// last: the helper writes them from the end once the index is done, and this thread's write stage
// from the start, until they meet. The rest is as in one thread.
import type { AssetCollector } from '../assets/bundle.ts';
import { compileAssets } from '../assets/bundle.ts';
import { indexEntryName, pageInputDigest, searchFolderUrl, searchInputWithoutHtml, type IndexFolders, type IndexJobResult } from '../assets/search/index-job.ts';
import { searchInputOf } from '../assets/search/sections.ts';
import { BuildError } from '../diagnostics.ts';
import type { FileOutput } from '../assemble/output-table.ts';
import type { DocSource } from '../load/content.ts';
import type { DocPage } from '../model.ts';
import { contentOf, SiteWriter, writeOutput } from '../write/site-writer.ts';
import { bundlesInto, DirectRuntime, searchRunsFolder } from './direct.ts';
import { HelperThread, markdownJob, twinsJob } from './helper-thread.ts';
import { claims, mainPart, sharedSplit } from './shared-split.ts';
import { allFiles, markdownTwinGroups } from '../assemble/llms.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { SpillFile, spilledDoc, spilledRef } from './spill.ts';
import type { AssetsInput, AssetsResult, RuntimeOptions, TransformInput, TwinsInput, WriteResult } from './runtime.ts';

export class ThreadedRuntime extends DirectRuntime {
  private readonly helper = new HelperThread();
  /** How many docs (the last ones) the helper transformed: it indexes their sections from its own copy. */
  private helperDocs = 0;
  /** The index's doc pages, indexed by the helper from the end of the transform on. */
  private pagesIndexed: Promise<void> | undefined;
  private indexing: Promise<IndexJobResult> | undefined;
  /** Where the index goes: made with the new output folder at the end of the transform. */
  private indexFolders: IndexFolders | undefined;
  /**
   * Why the new output folder could not be made, reported by the assets stage as in one thread:
   * a content error found before then is reported first.
   */
  private folderError: BuildError | undefined;

  /** The helper's spill file, holding the HTML of the docs it transformed. */
  private helperSpill: SpillFile | undefined;
  /**
   * What the twins are made with besides the docs, as the transform read the pages' links: its
   * input's plain values (the helper cannot take assemble's functions).
   */
  private twinContext: Pick<TransformInput, 'routeByFile' | 'apiFile' | 'assets'> & { docsDir: string | undefined } | undefined;
  /** The twins and /llms-full.txt, in the groups two threads share. */
  private twins: { groups: FileOutput[][]; files: Set<FileOutput> } | undefined;
  /** What assemble made them from, until they are handed to the helper. */
  private twinsInput: TwinsInput | undefined;
  /** The groups' shared count of claims, once the helper has them (`handTwins`); the groups it claims written. */
  private twinClaims: { claimed: SharedArrayBuffer; written: Promise<void> } | undefined;

  constructor(options: RuntimeOptions, spill: SpillFile, docs: number) {
    super(options, undefined, spill);
    limitHeapGrowth(docs);
  }

  /**
   * The later docs go to the helper; their images join the build's assets and their warnings the
   * build's. The first error in file order wins, as in one thread.
   */
  override async transform(input: TransformInput): Promise<DocPage[]> {
    const { sources, env, assets } = input;
    this.twinContext = { routeByFile: input.routeByFile, apiFile: input.apiFile, assets, docsDir: env.docsDir };
    const split = sharedSplit(sources.length);
    const spillFile = this.spill.besides('helper-texts');
    this.spill.flush();
    const theirs = this.helper.markdown(markdownJob(input, sources.slice(split.lowest), split, { spillFile, sourcesSpill: this.spill.path }, true));
    const ours: DocPage[] = [];
    const { theirs: { pages } } = await mainPart(split, (doc) => ours.push(this.transformDoc(sources[doc] as DocSource, env)), theirs);
    const theirSources = sources.slice(ours.length);
    for (const page of pages) {
      for (const image of page.images) assets.addImage(image);
      for (const warning of page.warnings) env.diagnostics.warn(warning, warning.message);
    }
    this.helperDocs = pages.length;
    const helperSpill = SpillFile.at(spillFile, false);
    this.helperSpill = helperSpill;
    this.indexPages(env.baseUrl, ours);
    // Their HTML and other fields stay in the helper's spill file. Each page is a fresh object (the
    // rest of the destructuring), completed in place: a literal spreading it and adding six
    // properties took ~20 µs a doc on Node 20's V8 (see lib/transform/markdown.ts).
    return [...ours, ...pages.map(({ htmlAt, fieldsAt, images: _images, warnings: _warnings, ...page }, index) =>
      spilledDoc(Object.assign(page, { html: '', toc: [], links: [], anchors: [], samples: undefined, source: theirSources[index] as DocSource }), this.spill,
        helperSpill.ref(htmlAt), helperSpill.ref(fieldsAt, 'fields')))];
  }

  /**
   * The index begun with the doc pages while this thread assembles the site: this thread's pages
   * (the helper has its own), as assemble gives them to search (searchInputOf, with the same base
   * URL) but without their HTML, which the helper reads from the spill file. Its files go into the
   * new output folder, made now rather than by the assets stage.
   */
  private indexPages(baseUrl: string, ours: DocPage[]): void {
    try {
      this.writer = new SiteWriter(this.options.outDir);
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      this.folderError = error;
      return;
    }
    const folders = { outputDir: this.writer.folder('assets/search'), folderUrl: searchFolderUrl(baseUrl), runsDir: searchRunsFolder(this.spill) };
    this.indexFolders = folders;
    this.spill.flush();
    const at = ours.map((doc) => {
      const html = spilledRef(doc, 'html')?.at;
      if (!html) throw new Error(`Internal error: the HTML of ${doc.route} is not in the spill file.`);
      return html;
    });
    const pages = ours.map((doc) => searchInputWithoutHtml(baseUrl, doc));
    this.pagesIndexed = this.helper.indexPages({ ...folders, pagesJson: JSON.stringify(pages), spilled: { file: this.spill.path, at } });
  }

  /** Shared with the helper, a group at a time (`handTwins`). */
  override twinFiles(input: TwinsInput): FileOutput[] {
    const groups = markdownTwinGroups(input.config, input, input.context, undefined);
    const files = allFiles(groups);
    this.twins = { groups, files: new Set(files) };
    this.twinsInput = input;
    return files;
  }

  /** The helper ends the index meanwhile; the pages link to its entry file by the name it will have. */
  override async assets(input: AssetsInput): Promise<AssetsResult> {
    if (this.folderError) throw this.folderError;
    const folders = this.indexFolders;
    if (!folders) throw new Error('Internal error: the assets stage ran before the transform stage.');
    const { categories, synonyms } = input;
    const entryName = indexEntryName(input.root, input.docs.map((doc) => pageInputDigest(searchInputOf(input.config.baseUrl, doc))), categories, synonyms);
    this.indexing = this.helper.searchIndex({ ...folders, inputJson: JSON.stringify({ sections: categories, synonyms }), entryName });
    const result = { ...bundlesInto(input, await compileAssets(input.root), `${folders.folderUrl}${entryName}`), searchDeferred: false };
    this.handTwins();
    return result;
  }

  /**
   * The twins and /llms-full.txt, in groups (markdownTwinGroups) that the helper writes from the
   * last once it has ended the index, and this thread from the first once it has rendered the
   * pages, until they meet: which thread is free first varies with the site and the machine's load.
   * Sent now: every image the site publishes is known (bundlesInto adds the configured ones, which
   * a twin may link as in one thread). Their folders are made here first, since the pages' files
   * share them: the helper makes none, so no two threads make the same folder.
   */
  private handTwins(): void {
    const { writer, twinContext: context, twins, twinsInput: input } = this;
    if (!writer || !context || !twins || !input) throw new Error('Internal error: the assets stage ran before the transform and assemble stages.');
    for (const { path } of twins.files) {
      const slash = path.lastIndexOf('/');
      if (slash > 0) writer.folder(path.slice(0, slash));
    }
    const claimed = new SharedArrayBuffer(4);
    const written = this.helper.twins(twinsJob(input, context.routeByFile, this.spill, {
      docsDir: context.docsDir, api: context.apiFile, images: context.assets.imageUrls(), outputDir: writer.location, groups: twins.groups.length, claimed,
    }));
    this.twinClaims = { claimed, written };
    // Sent: what they were made from is let go (a large site's routes and docs in reading order).
    this.twinContext = undefined;
    this.twinsInput = undefined;
  }

  override async write(files: FileOutput[], assets: AssetCollector): Promise<WriteResult> {
    const writer = this.folder();
    const { twins, twinClaims } = this;
    if (!twins || !twinClaims || !this.indexing) throw new Error('Internal error: the write stage ran before the assets stage.');
    for (const file of files) if (!twins.files.has(file)) writeOutput(writer, file);
    for (const index of claims(twinClaims.claimed, twins.groups.length, 'front')) for (const file of twins.groups[index] ?? []) writeOutput(writer, file);
    // The pages' failure first: the search job fails with it too.
    await this.pagesIndexed;
    await twinClaims.written;
    const { written, index } = await this.indexing;
    for (const file of assets.files) writer.write(file.path, contentOf(file));
    writer.commit();
    return { assetFiles: assets.files.length + written, search: index };
  }

  override async finish(failed: boolean): Promise<void> {
    this.helperSpill?.close();
    // After a failure the helper may be writing search files or twins into the new folder: stop it
    // before that is removed. After a success it has written them; it stops meanwhile.
    if (failed) await this.helper.stop();
    else void this.helper.stop();
    await super.finish(failed);
  }
}
