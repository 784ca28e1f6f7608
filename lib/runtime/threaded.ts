// Runtime, two threads: a production build of a large site (from HELPER_MIN_DOCS docs on). The
// helper thread (lib/runtime/helper-thread.ts) transforms the later part of the docs' markdown while
// this thread transforms the earlier part, then builds the search index, writing its files into the
// new folder itself, while this thread renders and writes the pages. The rest is as in one thread.
import type { AssetCollector } from '../assets/bundle.ts';
import { compileAssets } from '../assets/bundle.ts';
import { indexJob, type IndexJobResult } from '../assets/search/index-job.ts';
import type { FileOutput } from '../assemble/output-table.ts';
import type { DocSource } from '../load/content.ts';
import type { DocPage } from '../model.ts';
import { contentOf, SiteWriter } from '../write/site-writer.ts';
import { bundlesInto, DirectRuntime, searchRunsFolder, writeOutput } from './direct.ts';
import { HelperThread } from './helper-thread.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { SpillFile, spilledDoc, spilledRef } from './spill.ts';
import type { AssetsInput, AssetsResult, RuntimeOptions, TransformInput, WriteResult } from './runtime.ts';

export class ThreadedRuntime extends DirectRuntime {
  private readonly helper = new HelperThread();
  /** How many docs (the last ones) the helper transformed: it indexes their sections from its own copy. */
  private helperDocs = 0;
  private indexing: Promise<IndexJobResult> | undefined;

  /** The helper's spill file, holding the HTML of the docs it transformed. */
  private helperSpill: SpillFile | undefined;

  constructor(options: RuntimeOptions, spill: SpillFile, docs: number) {
    super(options, undefined, spill);
    limitHeapGrowth(docs);
  }

  /**
   * The later docs go to the helper; their images join the build's assets and their warnings the
   * build's. The first error in file order wins, as in one thread.
   */
  override async transform({ sources, env, assets, siteDir, routes, apiFile }: TransformInput): Promise<DocPage[]> {
    // The helper starts later (it loads its modules first): it takes somewhat less than half.
    const split = Math.ceil(sources.length * 0.55);
    const theirSources = sources.slice(split);
    const spillFile = this.spill.besides('helper-texts');
    // Plain copies, each with where its body is in this thread's spill file (the helper reads it
    // there) instead of the body: the spill file's readers do not cross to another thread, and
    // the bodies themselves would be copied into one message (~200 MB at 100,000 docs).
    this.spill.flush();
    const theirs = this.helper.markdown({
      spillFile, sourcesSpill: this.spill.path,
      sources: theirSources.map((source) => {
        const bodyAt = spilledRef(source, 'body')?.at;
        return bodyAt ? { ...source, body: '', bodyAt } : { ...source, body: source.body };
      }), baseUrl: env.baseUrl, siteDir, tagsRoute: env.tagsRoute, routes, docsDir: env.docsDir, embeds: [...(env.embeds ?? [])], markdown: env.markdown, api: apiFile,
    });
    const ours = sources.slice(0, split).map((source) => this.transformDoc(source, env));
    const { pages, images, warnings } = await theirs;
    for (const image of images) assets.addImage(image);
    for (const warning of warnings) env.diagnostics.warn(warning, warning.message);
    this.helperDocs = pages.length;
    const helperSpill = SpillFile.at(spillFile, false);
    this.helperSpill = helperSpill;
    // Their HTML and other fields stay in the helper's spill file.
    return [...ours, ...pages.map(({ htmlAt, fieldsAt, ...page }, index) =>
      spilledDoc({ ...page, html: '', toc: [], links: [], anchors: [], samples: undefined, source: theirSources[index] as DocSource }, this.spill, helperSpill.ref(htmlAt),
        helperSpill.ref(fieldsAt, 'fields')))];
  }

  /** The index is built in the helper meanwhile; the pages link to its entry file by the name it will have. */
  override async assets(input: AssetsInput): Promise<AssetsResult> {
    this.writer = new SiteWriter(this.options.outDir);
    const { pagesForSearch, docs } = input;
    // The job (the whole input as JSON) is not kept here once the helper has its copy.
    // This thread's pages go without their HTML, which the helper reads from the spill file.
    this.spill.flush();
    const mine = pagesForSearch.slice(0, docs.length - this.helperDocs);
    const ours = mine.map(({ title, description, url, tags, keywords, unlisted }) =>
      unlisted ? { title, description, url, html: '', tags, keywords, unlisted } : { title, description, url, html: '', tags, keywords });
    const htmlAt = mine.map((page) => {
      const at = spilledRef(page, 'html')?.at;
      if (!at) throw new Error(`Internal error: the HTML of ${page.url} is not in the spill file.`);
      return at;
    });
    const job = indexJob(input.root, input.config.baseUrl, ours, pagesForSearch, input.categories, this.writer.folder('assets/search'), input.synonyms,
      { file: this.spill.path, at: htmlAt }, searchRunsFolder(this.spill));
    this.indexing = this.helper.searchIndex(job);
    return { ...bundlesInto(input, await compileAssets(input.root), `${job.folderUrl}${job.entryName}`), searchDeferred: false };
  }

  override async write(files: FileOutput[], assets: AssetCollector): Promise<WriteResult> {
    const writer = this.folder();
    for (const file of files) writeOutput(writer, file);
    if (!this.indexing) throw new Error('Internal error: the write stage ran before the assets stage.');
    const { written, index } = await this.indexing;
    for (const file of assets.files) writer.write(file.path, contentOf(file));
    writer.commit();
    return { assetFiles: assets.files.length + written, search: index };
  }

  override async finish(failed: boolean): Promise<void> {
    this.helperSpill?.close();
    // After a failure the helper may be writing search files into the new folder: stop it before
    // that is removed. After a success it has written them; it stops meanwhile.
    if (failed) await this.helper.stop();
    else void this.helper.stop();
    await super.finish(failed);
  }
}
