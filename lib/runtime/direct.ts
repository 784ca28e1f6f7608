// Runtime, one thread: a production build of a small site (the real one). Each page is written
// into a fresh folder as soon as it is rendered, so memory stays flat however large the site, and
// the folder replaces the output folder only when the whole build has succeeded.
import { mkdirSync } from 'node:fs';
import { addAssets, compileAssets, type AssetCollector, type CompiledAssets } from '../assets/bundle.ts';
import { SearchIndexInput, type BuiltSearchIndex } from '../assets/search/build-index.ts';
import { indexEntryName, pageInputDigest } from '../assets/search/index-job.ts';
import { pageSections, searchInputOf, type PageForSearch } from '../assets/search/sections.ts';
import type { FileOutput, PageOutput } from '../assemble/output-table.ts';
import { markdownTwins } from '../assemble/llms.ts';
import { readCommitDates } from '../load/last-updated.ts';
import type { DocPage } from '../model.ts';
import { renderDocument } from '../render/document.tsx';
import { transformDoc, type PageEnvironment } from '../transform/doc.ts';
import type { DocSource } from '../load/content.ts';
import { contentOf, SiteWriter, writeOutput } from '../write/site-writer.ts';
import { limitHeapGrowth, VERY_LARGE_SITE } from './heap-growth.ts';
import { HELPER_MIN_DOCS } from './helper-thread.ts';
import { SpillFile, spilledDoc, type KeepText } from './spill.ts';
import type { AssetsInput, AssetsResult, Runtime, RuntimeOptions, SiteWithoutAssets, TransformInput, TwinsInput, WriteResult } from './runtime.ts';

export class DirectRuntime implements Runtime {
  /** A production build keys no page. */
  readonly htmlKeys = undefined;
  /** A production build makes its sidebars, tags and /llms.txt once anyway. */
  readonly siteParts = undefined;
  /** A production build checks each link once anyway. */
  readonly linkChecks = undefined;
  /** A production build checks each image once anyway. */
  readonly checkedImages = undefined;
  /** A production build reads each doc once anyway. */
  readonly knownDocs = undefined;
  /** A production build walks the docs folder once anyway. */
  readonly knownTree = undefined;
  /** A production build places its docs once anyway. */
  readonly publishedDocs = undefined;
  /** A production build maps its docs' routes once anyway. */
  readonly routeByFile = undefined;
  /** Made by the assets stage, as late as before: a content error is reported before an output folder problem. */
  protected writer: SiteWriter | undefined;
  private search: Omit<BuiltSearchIndex, 'url'> | undefined;

  /** Each doc's body and HTML, from load until its page is written (lib/runtime/spill.ts). */
  protected readonly spill: SpillFile;
  readonly keep: KeepText;
  /** How many docs' bodies load has kept: the heap of a site that takes the helper thread is limited from there on. */
  private loaded = 0;

  /**
   * `threaded`: the runtime a site with many docs takes instead (lib/runtime/threaded.ts), given
   * the spill file that load has filled and the number of docs.
   */
  constructor(protected readonly options: RuntimeOptions, private readonly threaded?: (spill: SpillFile, docs: number) => Runtime, spill?: SpillFile) {
    this.spill = spill ?? SpillFile.create();
    const keep = this.spill.keep;
    const limits = threaded && options.helperThread !== false;
    this.keep = (text) => {
      this.loaded += 1;
      if (limits && (this.loaded === HELPER_MIN_DOCS || this.loaded === VERY_LARGE_SITE)) limitHeapGrowth(this.loaded);
      return keep(text);
    };
  }

  commitDates(siteDir: string): Promise<Map<string, Date>> {
    return readCommitDates(siteDir);
  }

  parsed<T>(path: string, parse: (path: string) => T): T {
    return parse(path);
  }

  forDocs(count: number): Runtime {
    return this.threaded && (this.options.helperThread ?? count >= HELPER_MIN_DOCS) ? this.threaded(this.spill, count) : this;
  }

  /** A production build keeps no twin beyond its /llms-full.txt entry (lib/assemble/llms.ts). */
  twinFiles({ config, context, ...order }: TwinsInput): FileOutput[] {
    return markdownTwins(config, order, context, undefined);
  }

  transform({ sources, env }: TransformInput): Promise<DocPage[]> {
    return Promise.resolve(sources.map((source) => this.transformDoc(source, env)));
  }

  /** One doc transformed in this thread, its texts in the spill file. */
  protected transformDoc(source: DocSource, env: PageEnvironment): DocPage {
    const doc = transformDoc(source, env);
    return spilledDoc(doc, this.spill, this.spill.keep(doc.html));
  }

  async assets(input: AssetsInput): Promise<AssetsResult> {
    this.writer = new SiteWriter(this.options.outDir);
    // Page by page: never every page's text, and of the index only a bounded part (its postings in sorted runs in the spill folder).
    // What search reads of each doc, made here and let go with this stage: kept from assemble on, a
    // large site held it (~200 bytes a doc) while its pages rendered.
    const pages = input.docs.map((doc) => searchInputOf(input.config.baseUrl, doc));
    const sections = searchIndexInput(input, pages, searchRunsFolder(this.spill));
    for (const page of pages) sections.add(pageSections(page));
    sections.add(input.categories);
    const { url, ...search } = sections.write(input.synonyms);
    this.search = search;
    return { ...bundlesInto(input, await compileAssets(input.root), url), searchDeferred: false };
  }

  render(pages: PageOutput[], site: SiteWithoutAssets, { urls, ogImageSize }: AssetsResult): void {
    const context = { ...site, assets: urls, ogImageSize };
    for (const page of pages) this.folder().write(page.path, renderDocument(page.element(), context));
  }

  write(files: FileOutput[], assets: AssetCollector): Promise<WriteResult> {
    const writer = this.folder();
    for (const file of files) writeOutput(writer, file);
    for (const file of assets.files) writer.write(file.path, contentOf(file));
    writer.commit();
    if (!this.search) throw new Error('Internal error: the write stage ran before the assets stage.');
    return Promise.resolve({ assetFiles: assets.files.length, search: this.search });
  }

  finish(failed: boolean): Promise<void> {
    this.spill.close();
    if (failed) this.writer?.abort();
    return Promise.resolve();
  }

  protected folder(): SiteWriter {
    if (!this.writer) throw new Error('Internal error: the output folder is made by the assets stage.');
    return this.writer;
  }
}

/**
 * The search index's input, whose files go to the build's assets. Its entry file (the one the pages
 * link to) is named by a digest of what the index is made from (lib/assets/search/index-job.ts), in
 * every way a build runs: the helper thread must name it before it exists, while the pages render.
 */
export function searchIndexInput(input: AssetsInput, pages: PageForSearch[], runsDir?: string): SearchIndexInput {
  const entryName = indexEntryName(input.root, pages.map(pageInputDigest), input.categories, input.synonyms);
  return new SearchIndexInput((name, text) =>
    name === 'search-index.json' ? input.assets.addAs('search', entryName, text) : input.assets.add('search', name, text), { runsDir });
}

/**
 * A new folder for the search index's sorted runs (lib/assets/search/term-runs.ts), in the spill
 * file's folder: removed with it when the build ends, whether it succeeds or fails.
 */
export function searchRunsFolder(spill: SpillFile): string {
  const folder = spill.besides('search-runs');
  mkdirSync(folder);
  return folder;
}

/** The bundles and the configured images, added to the build's assets. */
export function bundlesInto(input: AssetsInput, compiled: CompiledAssets, searchIndex: string): Omit<AssetsResult, 'searchDeferred'> {
  const { config } = input;
  const { ogImageSize, ...urls } = addAssets(compiled, {
    siteDir: input.siteDir, assets: input.assets, favicon: config.favicon, logo: config.logo?.src, ogImage: config.image?.src, configText: input.configText,
    configFile: input.configFile, imageDir: input.configImageDir,
  });
  return { urls: { ...urls, searchIndex }, ogImageSize };
}
