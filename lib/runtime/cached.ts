// Runtime, `npm start`: a BuildCache (lib/runtime/build-cache.ts) kept between builds by the build
// worker (lib/dev/build-worker.ts). Each stage reuses what the last build made while what it is made
// from is unchanged; pages are rendered with placeholders for the hashed asset URLs, filled in
// as they are written, so a stylesheet or search change re-renders no page; only files whose
// content changed are written. A transform of many docs (the first build) shares them with the
// helper thread that builds the search indexes, while that one is free, as a production build does.
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileAssets, COMPILED_SOURCES, storedFile, type AssetCollector, type CompiledAssets } from '../assets/bundle.ts';
import { SearchIndexInput, type BuiltSearchIndex } from '../assets/search/build-index.ts';
import { indexEntryName, pageInputDigest, searchFolderUrl, searchInputWithoutHtml, type IndexJob } from '../assets/search/index-job.ts';
import { pageSections, searchInputOf, type SearchSection } from '../assets/search/sections.ts';
import type { FileOutput, PageOutput } from '../assemble/output-table.ts';
import { Diagnostics, type Warning } from '../diagnostics.ts';
import { isEmptyList, NO_ITEMS } from '../load/frontmatter.ts';
import { readCommitDates } from '../load/last-updated.ts';
import type { DocSource } from '../load/content.ts';
import type { DocPage } from '../model.ts';
import { renderDocument } from '../render/document.tsx';
import { transformDoc } from '../transform/doc.ts';
import { insideFolder, SiteWriter, writeChanges, type FileStamp, type OutputFile, type VersionedFile } from '../write/site-writer.ts';
import { ASSET_PLACEHOLDERS, fillAssetUrlsNoting, refillAssetUrls, type AssetPlaces } from '../render/asset-placeholders.ts';
import type { AssetUrls } from '../assets/bundle.ts';
import { RenderedPages, WrittenPage, type RenderedPage } from './rendered-pages.ts';
import { hashedName } from '../assets/content-hash.ts';
import { newSpillFolder, ownStrings, SpillFile, spilledValue, withSpilled, type KeepText, type SpilledText } from './spill.ts';
import { StoredField, type StoredText, type TextStore } from './text-store.ts';
import type { ReadyIndex } from './search-updates.ts';
import { fileStamp, keyOf, type BuildCache, type CachedDoc, type TransformedDocs } from './build-cache.ts';
import { markdownTwinGroups } from '../assemble/llms.ts';
import { htmlKey, type HtmlKey } from '../assemble/page-data.ts';
import type { SitePartsCache } from '../assemble/site-parts.ts';
import type { KeptLinkChecks } from '../check/links.ts';
import { bundlesInto } from './direct.ts';
import { KeptJoin, notePatched } from './same-items.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { HELPER_MIN_DOCS, markdownJob } from './helper-thread.ts';
import { mainPart, sharedSplit } from './shared-split.ts';
import type { AssetsInput, AssetsResult, Runtime, SiteWithoutAssets, TransformInput, TwinsInput, WriteResult } from './runtime.ts';

export class CachedRuntime implements Runtime {
  /** The rendered pages for the write stage, each filled with this build's asset URLs if it is written. */
  private pageFiles: VersionedFile[] = [];
  private search: WriteResult['search'] | undefined;
  /** The search index of a first build, built in the helper thread meanwhile (see `assets`). */
  private indexBuilding: { entryName: string; ready: Promise<void> } | undefined;
  /** The new folder a first build writes its pages into as it renders them, and the rest in its write stage. */
  private opened: SiteWriter | undefined;

  /**
   * Each doc's markdown body waits in a file of the cache's (read when the doc is transformed and
   * its twin made), as in a production build: held in memory, the bodies and the files' texts they
   * point into grow with the site (~5 KB a generated doc).
   */
  readonly keep: KeepText = (text) => this.cache.bodies.keep(text);

  /** `helperThread`: whether a transform shares its docs with the helper thread (`helperShare`): by their number when undefined. */
  constructor(private readonly cache: BuildCache, private readonly outDir: string, private readonly deferSearch: boolean, private readonly helperThread?: boolean) {}

  get knownDocs(): BuildCache['sources'] {
    return this.cache.sources;
  }

  get knownTree(): BuildCache['tree'] {
    return this.cache.tree;
  }

  get publishedDocs(): BuildCache['published'] {
    return this.cache.published;
  }

  get routeByFile(): BuildCache['routeByFile'] {
    return this.cache.routeByFile;
  }

  get checkedImages(): BuildCache['images'] {
    return this.cache.images;
  }

  /** Each twin kept while its doc object is the same, and versions made from their digests (lib/assemble/llms.ts). */
  twinFiles({ config, context, ...order }: TwinsInput): FileOutput[] {
    return this.cache.twinList.of(markdownTwinGroups(config, order, context, this.cache.twins));
  }

  get htmlKeys(): WeakMap<DocPage, HtmlKey> {
    return this.cache.htmlKeys;
  }

  get siteParts(): SitePartsCache {
    return this.cache.siteParts;
  }

  get linkChecks(): KeptLinkChecks {
    return this.cache.linkChecks;
  }

  commitDates(siteDir: string): Promise<Map<string, Date>> {
    this.cache.commitDates ??= readCommitDates(siteDir);
    return this.cache.commitDates;
  }

  /** Parsed once per content: reused while the file's size and modification time are unchanged. */
  parsed<T>(path: string, parse: (path: string) => T): T {
    return this.cache.inputs.get(path, fileStamp(path), () => parse(path)) as T;
  }

  /** From HELPER_MIN_DOCS docs on, the heap grows by a fixed factor of what is alive (lib/runtime/heap-growth.ts). */
  forDocs(count: number): Runtime {
    if (count >= HELPER_MIN_DOCS) limitHeapGrowth(count, true);
    return this;
  }

  /** Each doc's markdown, or the last build's while nothing it depends on changed (its images included). */
  async transform(input: TransformInput): Promise<DocPage[]> {
    const { sources, env, routeByFile, api } = input;
    // The routes by the version of the map load patched (the same version, the same routes), not by
    // their texts: a flat list of every doc's file and route, made and compared with the last one on
    // each save, was ~35 ms at 100,000 docs.
    const routes = this.cache.routeByFile.versionOf(routeByFile) ?? [...routeByFile];
    const shared = keyOf([routes, api?.text, env.baseUrl, env.tagsRoute, env.embeds, env.markdown]);
    const { docs } = this.cache;
    // A doc's key is made from its source object and `shared` alone (docKey): a source that is the
    // last build's very object at its index, under the same `shared`, has its key (Memo's `same`).
    const id = (source: DocSource) => source.absPath;
    const key = (source: DocSource) => this.docKey(source, shared);
    const toMake = docs.toMake(sources, id, key, { same: shared });
    // The strings a made doc takes for its routes and files: every source's when many docs are made,
    // its own source's for a few (a save, where a map of the whole site's would cost more than it saves).
    const known = toMake.length >= SITE_STRINGS_FROM ? siteStrings(sources) : undefined;
    const make = (source: DocSource): CachedDoc => {
      const images: CachedDoc['images'] = [];
      const diagnostics = new Diagnostics();
      const page = transformDoc(source, {
        ...env, diagnostics,
        addAsset: (absPath) => {
          images.push({ path: absPath, stamp: fileStamp(absPath) });
          return env.addAsset(absPath);
        },
      });
      return this.keptDoc(page, images, diagnostics.warnings, known ?? siteStrings([source]));
    };
    // A large transform (the first build, a change every doc depends on) shares its docs with the helper thread.
    this.cache.stats.docsInHelper = 0;
    const premade = await this.helperShare(input, toMake, make, known);
    // A kept doc holds while its source is the same object (its key is made from it and `shared`),
    // unless an image it shows changed on the disk: the docs with images are asked first, so that a
    // save meeting mostly the last build's sources reads only the others (Memo's holdsWhileSame).
    const stillHolds = (kept: CachedDoc) => kept.images.length === 0 || kept.images.every((image) => fileStamp(image.path) === image.stamp);
    const before = this.cache.transformed;
    const imagesHold = before !== undefined && before.withImages.every((index) => stillHolds(before.made[index] as CachedDoc));
    const made = docs.all(sources, id, key, (source) => premade.get(source) ?? make(source), { stillHolds, same: shared, holdsWhileSame: imagesHold });
    const transformed = transformedDocs(made, docs.changed, before);
    this.cache.transformed = transformed;
    // What transforming did besides returning the page, replayed for reused docs (adding an image twice adds it once).
    for (const index of transformed.withImages) for (const image of (made[index] as CachedDoc).images) env.addAsset(image.path);
    for (const index of transformed.withWarnings) for (const warning of (made[index] as CachedDoc).warnings) env.diagnostics.warn(warning, warning.message);
    this.cache.htmlStore.compactBy(transformed.liveBytes, () => made.flatMap((doc) => [doc.html, doc.toc]));
    this.cache.stats.docsTransformed = docs.made;
    this.cache.stats.docsTotal = sources.length;
    return transformed.pages;
  }

  /**
   * A transformed doc as the cache keeps it, with the images it uses and the warnings it gave.
   * `known`: the docs' routes, files and ids as their sources keep them (siteStrings).
   */
  private keptDoc(page: DocPage, images: CachedDoc['images'], warnings: Warning[], known: ReadonlyMap<string, string>): CachedDoc {
    // Its short texts (a title from the body's heading, the table of contents cut from the HTML)
    // made strings of their own: kept from build to build, a slice keeps the whole body or HTML
    // it was cut from (the body, read from its file, is a string of its own each time). A route,
    // file or id that a source has is that source's string, and a text the doc has twice is kept
    // once: each link named its doc's file and its target's route in a copy of its own (30,000
    // generated docs: 41 MB of equal strings in what the cache kept after the first build).
    // An empty list is the one shared frozen one, and a tag the one object kept for it (SharedTags), as in a production build (spilledDoc).
    for (const key of Object.keys(page) as (keyof DocPage)[]) {
      if (key !== 'source' && key !== 'html') (page as unknown as Record<string, unknown>)[key] = isEmptyList(page[key]) ? NO_ITEMS : ownStrings(page[key], known);
    }
    page.tags = this.cache.tags.of(page.tags);
    // Its HTML waits in the cache's file, read back when its page renders or its search sections
    // are made, and so does its table of contents, read when its page renders (its page's key
    // reads a digest of each): held for every doc, the tables were ~12% of what the cache kept
    // after the first build of 30,000 generated docs.
    const { htmlStore } = this.cache;
    const html = htmlStore.put(page.html);
    const toc = htmlStore.put(JSON.stringify(page.toc));
    const kept = withSpilled(page, { html: new StoredField(htmlStore, html), toc: new StoredField(htmlStore, toc, 'json') });
    this.cache.htmlKeys.set(kept, htmlKey(page.html, page.toc));
    return { page: kept, html, toc, images, warnings };
  }

  /**
   * From HELPER_MIN_DOCS docs to transform on (a first build, a change every doc depends on), the
   * later part of `toMake` transformed by the helper thread while this thread makes the rest (where
   * they meet found as they go: lib/runtime/shared-split.ts), as a production build does, when the
   * build process has a helper and it is free (not building a search index); each doc as `make`
   * would have made it. The first error in file order wins, as in
   * one thread. Fewer docs, or a busy helper: none made here (the transform makes them all itself).
   */
  private async helperShare(input: TransformInput, toMake: DocSource[], make: (source: DocSource) => CachedDoc, known: ReadonlyMap<string, string> | undefined): Promise<Map<DocSource, CachedDoc>> {
    const made = new Map<DocSource, CachedDoc>();
    const { searchUpdates, bodies } = this.cache;
    if (toMake.length === 0 || !(this.helperThread ?? toMake.length >= HELPER_MIN_DOCS) || !searchUpdates) return made;
    const split = sharedSplit(toMake.length);
    const folder = newSpillFolder();
    const spillFile = join(folder, 'texts');
    // The helper reads the bodies where load kept them.
    bodies.flush();
    const theirs = searchUpdates.lend((helper) => helper.markdown(markdownJob(input, toMake.slice(split.lowest), split, { spillFile, sourcesSpill: bodies.path }, false)));
    if (!theirs) {
      rmSync(folder, { recursive: true, force: true });
      return made;
    }
    try {
      const { ours, theirs: { pages } } = await mainPart(split, (doc) => {
        const source = toMake[doc] as DocSource;
        made.set(source, make(source));
      }, theirs);
      const theirSources = toMake.slice(ours);
      this.cache.stats.docsInHelper = pages.length;
      const file = SpillFile.at(spillFile, false);
      try {
        pages.forEach(({ htmlAt, fieldsAt, images, warnings, ...page }, index) => {
          const source = theirSources[index] as DocSource;
          const fields = JSON.parse(file.get(fieldsAt)) as Pick<DocPage, 'toc' | 'links' | 'anchors' | 'samples'>;
          made.set(source, this.keptDoc({ source, ...page, html: file.get(htmlAt), ...fields }, images.map((path) => ({ path, stamp: fileStamp(path) })), warnings, known ?? siteStrings([source])));
        });
      } finally {
        file.close();
      }
    } finally {
      // Its file goes once its job has ended and this thread has read it, whatever this thread's part did.
      void theirs.catch(() => undefined).then(() => rmSync(folder, { recursive: true, force: true }));
    }
    return made;
  }

  /**
   * The search index, or the last build's (its files added again) while its input is the same, or
   * while the input changed in a build that defers the search: the new one is then built in a
   * helper thread when the build process has one (lib/runtime/search-updates.ts), which a later
   * build finds here; without one, a build that does not defer makes it.
   */
  async assets(input: AssetsInput): Promise<AssetsResult> {
    const { baseUrl } = input.config;
    const digests = this.cache.searchDigestList.of(input.docs, (doc) => this.searchDigest(baseUrl, doc), baseUrl);
    const entryName = indexEntryName(input.root, digests, input.categories, input.synonyms, this.cache.searchNameHash);
    const last = this.cache.search.last('index');
    const { searchUpdates } = this.cache;
    const job = (folder: string) => this.indexJob(input, entryName, folder);
    const deferred = this.deferSearch && last !== undefined && last.key !== entryName;
    // Each save follows the docs' sections where its docs' list was patched, so that the job of a
    // search update, made when the helper is free from the newest build's input, finds them all kept
    // (a pass over every doc was ~0.3 s at 100,000 docs, which a save made then waited for).
    if (this.deferSearch && last !== undefined && searchUpdates) {
      this.cache.sections.follow(input.docs, (doc) => pageSections(searchInputOf(input.config.baseUrl, doc)));
    }
    if (deferred) searchUpdates?.want({ entryName, job });
    if (this.deferSearch && last === undefined && searchUpdates) {
      // A first build: the helper thread builds the index while the pages render and are written,
      // and the write stage waits for it (on 100,000 pages the index alone took ~110 s). It makes
      // the docs' sections itself, and the cache takes them from it for the saves' updates.
      const firstJob = (folder: string) => this.firstIndexJob(input, entryName, folder);
      const ready = searchUpdates.buildNow({ entryName, job: firstJob }, (index) => {
        keepReadyIndex(this.cache, index);
        if (!index.keptSections) throw new Error('Internal error: the helper thread did not keep the docs\' search sections.');
        this.cache.sections.adopt(input.docs, index.keptSections.file, index.keptSections.places);
      });
      // Awaited by the write stage, which a failed build never reaches.
      ready.catch(() => undefined);
      this.indexBuilding = { entryName, ready };
      return { ...bundlesInto(input, await this.compiled(input.root), `${searchFolderUrl(input.config.baseUrl)}${entryName}`), searchDeferred: false };
    }
    const { index, files } = deferred && last ? last.value : this.cache.search.get('index', entryName, () => {
      const { searchStore } = this.cache;
      const written: [string, StoredText][] = [];
      // Doc by doc, of the index only a bounded part in memory (its postings in sorted runs on the
      // disk), as a production build does: not every section and posting of the site at once.
      const runsDir = newSpillFolder();
      try {
        const sections = new SearchIndexInput((name, text) => {
          // Named by their content (the entry file by the index's input), so a name is a version.
          const fileName = name === 'search-index.json' ? entryName : hashedName(name, text);
          const stored = searchStore.put(text);
          written.push([fileName, stored]);
          return input.assets.addStored('search', fileName, () => searchStore.get(stored));
        }, { runsDir });
        this.keepSections(input, (found) => sections.add(found));
        sections.add(input.categories);
        return { index: sections.write(input.synonyms), files: written };
      } finally {
        rmSync(runsDir, { recursive: true, force: true });
      }
    });
    this.useIndex(input.assets, { index, files });
    return { ...bundlesInto(input, await this.compiled(input.root), index.url), searchDeferred: deferred };
  }

  /** The index this build writes: its files added to the build's assets (again, in the order they were made; a file made just now is added once). */
  private useIndex(assets: AssetCollector, { index, files }: { index: BuiltSearchIndex; files: [string, StoredText][] }): void {
    const { searchStore } = this.cache;
    // The same index as the last build's (its files the same list): the same write entries and
    // bytes. Made anew on each save, they were a closure and an object a file (6,500 files at
    // 30,000 pages), which lived long enough to need a full collection to go.
    let kept = this.cache.searchFiles;
    if (kept?.files !== files) {
      let bytes = 0;
      for (const [, text] of files) bytes += text.length;
      // Each path once (two files of the same content have the same name), known as a set: the
      // assets take the list whole while no other file has one of its paths (AssetCollector.addMade).
      const byPath = new Map<string, VersionedFile>();
      for (const [fileName, text] of files) {
        const entry = storedFile('search', fileName, () => searchStore.get(text));
        if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
      }
      kept = { files, entries: [...byPath.values()], paths: new Set(byPath.keys()), bytes };
      this.cache.searchFiles = kept;
    }
    searchStore.compactBy(kept.bytes, () => files.map(([, text]) => text));
    assets.addMade(kept.entries, kept.paths);
    const { url: _url, ...search } = index;
    this.search = search;
  }

  /**
   * Each page's HTML, or its last HTML while the site-wide context and its own data are unchanged.
   * A page is filled with the asset URLs only when it is written: its version is its key and the
   * URLs', so one that the last build wrote as it is now is not made again. A build that writes the
   * whole site writes each page as it renders it.
   */
  render(pages: PageOutput[], site: SiteWithoutAssets, { urls, ogImageSize }: AssetsResult): void {
    const context = { ...site, ogImageSize, assets: ASSET_PLACEHOLDERS };
    const { pageStore } = this.cache;
    const { outDir } = this;
    this.cache.laterWrites?.drop();
    // A build that writes the whole site (the first, or one after the output folder was removed)
    // writes each page into the new folder as it renders it, and keeps no other copy of it: held
    // in the cache's file until the write stage, 100,000 pages were 4.6 GB more to write (the
    // cache's files 7.7 GB instead of 3.1), and the render and write stages took 104–110 s instead
    // of 78–83 s on the 2-core machine. Every page renders then, none kept.
    const written = this.cache.written.get(outDir);
    if (written === undefined || !existsSync(outDir)) {
      this.opened = new SiteWriter(outDir);
      this.cache.pages = new RenderedPages();
    }
    const { opened } = this;
    const rendered = this.cache.pages;
    const html = (page: PageOutput) => renderDocument(page.element(), context);
    const shared: PageFiles = { outDir, urls, pageStore, rendered, html };
    // The search index's URL apart: a page whose version changed there alone may be written later (lib/runtime/later-writes.ts).
    this.pageFiles = rendered.files(pages, keyOf(context), keyOf({ ...urls, searchIndex: undefined }), urls.searchIndex,
      (page) => {
        const text = html(page);
        if (!opened) return pageStore.put(text);
        const { filled, places } = fillAssetUrlsNoting(text, urls);
        const { ino, mtimeMs } = opened.writeStamped(page.path, filled);
        return new WrittenPage(outDir, text.length, places, urls, ino, mtimeMs);
      },
      (page, known, version, beforeSearch) => new PageFile(page, known, version, beforeSearch, shared));
    this.cache.stats.pagesRendered = rendered.made;
    this.cache.stats.pagesTotal = pages.length;
    pageStore.compactBy(rendered.liveBytes, () => rendered.html());
  }

  /** Writes only what changed since the last build into the same folder. */
  async write(files: FileOutput[], assets: AssetCollector): Promise<WriteResult> {
    if (this.indexBuilding) {
      const { entryName, ready } = this.indexBuilding;
      this.indexBuilding = undefined;
      await ready;
      const kept = this.cache.search.last('index');
      if (kept?.key !== entryName) throw new Error('Internal error: the search index the helper thread built is not the one the pages link to.');
      this.useIndex(assets, kept.value);
    }
    // A file that is the last build's object at its place (a twin kept with its part) keeps its
    // entry, its version the same (FileOutput.version): a new entry for every file was ~4 MB a save
    // at 30,000 pages that lived long enough to need a full collection to go.
    const parts = [this.pageFiles, this.cache.outputFiles.of(files, outputFile), ...assets.parts()];
    const { laterWrites } = this.cache;
    const { opened } = this;
    this.opened = undefined;
    const { written, waiting } = writeChanges(this.outDir, parts, this.cache.written.get(this.outDir), laterWrites !== undefined,
      opened && { writer: opened, parts: 1 });
    this.cache.written.set(this.outDir, written);
    laterWrites?.hand(this.outDir, waiting, written);
    this.cache.twins.compact();
    if (!this.search) throw new Error('Internal error: the write stage ran before the assets stage.');
    return { assetFiles: assets.files.length, search: this.search };
  }

  finish(failed: boolean): Promise<void> {
    // A build that failed after its render stage made a new folder and before its write stage
    // swapped it in: the pages it wrote go with the folder (the next build writes the whole site
    // again, every page rendered anew).
    if (failed) this.opened?.abort();
    this.opened = undefined;
    return Promise.resolve();
  }

  /**
   * The digest of a doc's page for search, kept with the doc: that page is made from the doc and the
   * base URL, and a doc object is new whenever its content or the base URL changes (as for `sections`).
   */
  private searchDigest(baseUrl: string, doc: DocPage): string {
    let digest = this.cache.searchDigests.get(doc);
    if (digest === undefined) {
      digest = pageInputDigest(searchInputOf(baseUrl, doc));
      this.cache.searchDigests.set(doc, digest);
    }
    return digest;
  }

  /**
   * A doc's key: `shared` (what every doc's markdown depends on) and a digest of its source, made
   * once per source object (load reuses a doc's while its file is unchanged). Kept with the source
   * while `shared` is the same, so the docs memo finds the very string it stored: joined anew on
   * each save, the keys cost ~2 µs a doc to make and compare.
   */
  private docKey(source: DocSource, shared: string): string {
    let known = this.cache.sourceKeys.get(source);
    if (known === undefined) {
      // The body is not an own property of the source (it is read from the file): keyed by itself.
      known = { own: keyOf([source, source.body]), shared: '', key: '' };
      this.cache.sourceKeys.set(source, known);
    }
    if (known.shared !== shared) {
      known.shared = shared;
      known.key = `${shared}:${known.own}`;
    }
    return known.key;
  }

  /**
   * Keeps each doc's search sections (lib/runtime/stored-sections.ts), made for the docs that have
   * none yet; `use` gets each doc's sections.
   */
  private keepSections(input: AssetsInput, use?: (sections: SearchSection[]) => void): void {
    this.cache.sections.keep(input.docs, (doc) => pageSections(searchInputOf(input.config.baseUrl, doc)), use);
  }

  /**
   * The helper thread's job for the index of this input: every doc's sections where the cache keeps
   * them, in a link to the store's file in the job's `folder` (the store may move its texts to a
   * new file during the job), read there one doc at a time.
   */
  private indexJob(input: AssetsInput, entryName: string, folder: string): Omit<IndexJob, 'outputDir' | 'runsDir'> {
    const file = join(folder, 'sections');
    this.keepSections(input);
    this.cache.sections.keepInput(input.categories, input.synonyms);
    return {
      storedSections: { file, ...this.cache.sections.linkTo(file) },
      entryName,
      folderUrl: searchFolderUrl(input.config.baseUrl),
    };
  }

  /**
   * A first build's job: the helper makes each doc's sections from its page and its HTML, read in
   * a link to the cache's file in the job's `folder`, as a production build's helper does
   * (lib/runtime/threaded.ts), and keeps them in a file of the folder for the cache.
   */
  private firstIndexJob(input: AssetsInput, entryName: string, folder: string): Omit<IndexJob, 'outputDir' | 'runsDir'> {
    const { baseUrl } = input.config;
    const htmlFile = join(folder, 'html');
    this.cache.htmlStore.linkTo(htmlFile);
    const at = input.docs.map((doc): SpilledText => {
      const html = spilledValue(doc, 'html');
      if (!(html instanceof StoredField)) throw new Error(`Internal error: the HTML of ${doc.route} is not in the cache's file.`);
      return { offset: html.text.offset, length: html.text.length };
    });
    const pages = input.docs.map((doc) => searchInputWithoutHtml(baseUrl, doc));
    return {
      entryName,
      folderUrl: searchFolderUrl(baseUrl),
      inputJson: JSON.stringify({ sections: input.categories, synonyms: input.synonyms }),
      docPages: { pagesJson: JSON.stringify(pages), html: { file: htmlFile, at }, keepFile: join(folder, 'sections') },
    };
  }

  /** The bundles, or the last build's while no file they are made from has changed. */
  private async compiled(root: string): Promise<CompiledAssets> {
    const key = keyOf(COMPILED_SOURCES.flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .sort().map((path) => `${dir}/${path}:${fileStamp(join(root, dir, path))}`)));
    try {
      return await this.cache.compiled.get('bundles', key, () => compileAssets(root));
    } catch (error) {
      // A failed bundle is not kept: the next build tries again.
      this.cache.compiled.forget('bundles');
      throw error;
    }
  }
}

/** From this many docs made in a transform on, each takes the strings of every doc's source (siteStrings). */
const SITE_STRINGS_FROM = 100;

/**
 * The docs as a build takes them from the memo's values: the last transform's, patched at the places
 * the memo read (`changed`), else from every doc (~1 µs a doc at 30,000 docs, most of it waiting on
 * memory). In order, as the docs are.
 */
function transformedDocs(made: readonly CachedDoc[], changed: readonly number[] | undefined, before: TransformedDocs | undefined): TransformedDocs {
  if (changed === undefined || before === undefined || before.made.length !== made.length) {
    const all: TransformedDocs = { made, pages: [], withImages: [], withWarnings: [], liveBytes: 0 };
    made.forEach((doc, index) => {
      all.pages.push(doc.page);
      if (doc.images.length > 0) all.withImages.push(index);
      if (doc.warnings.length > 0) all.withWarnings.push(index);
      all.liveBytes += doc.html.length + doc.toc.length;
    });
    return all;
  }
  const pages = before.pages.slice();
  let { liveBytes } = before;
  for (const index of changed) {
    const doc = made[index] as CachedDoc;
    const old = before.made[index] as CachedDoc;
    liveBytes += doc.html.length + doc.toc.length - old.html.length - old.toc.length;
    pages[index] = doc.page;
  }
  notePatched(pages, before.pages, changed);
  const changedPlaces = new Set(changed);
  const places = (kept: number[], has: (doc: CachedDoc) => boolean) => (changed.length === 0 ? kept
    : [...kept.filter((index) => !changedPlaces.has(index)), ...changed.filter((index) => has(made[index] as CachedDoc))].sort((a, b) => a - b));
  return {
    made, pages, liveBytes,
    withImages: places(before.withImages, (doc) => doc.images.length > 0),
    withWarnings: places(before.withWarnings, (doc) => doc.warnings.length > 0),
  };
}

/** The docs' routes, files, paths and ids, each as its source keeps it, by itself: what a transformed doc's values name most. */
function siteStrings(sources: readonly DocSource[]): Map<string, string> {
  const known = new Map<string, string>();
  for (const { route, file, absPath, id } of sources) for (const text of [route, file, absPath, id]) known.set(text, text);
  return known;
}

/**
 * A file to write. One with a version (a markdown twin, /llms-full.txt or a part of it, versioned by
 * the twins' digests, lib/assemble/llms.ts) is made only when its version changed: joining the parts
 * to compare them cost ~0.2 s a save on 10,000 pages, and reading every twin back would cost more.
 */
function outputFile(file: FileOutput): OutputFile | VersionedFile {
  const made = () => {
    const content = file.content();
    return typeof content === 'string' || content instanceof Uint8Array ? content : [...content].join('');
  };
  return file.version ? { path: file.path, version: file.version(), content: made } : { path: file.path, content: made() };
}

/** An index the helper thread built (lib/runtime/search-updates.ts), kept for the next build. */
export function keepReadyIndex(cache: BuildCache, { entryName, index, files, filesIn }: ReadyIndex): void {
  const kept = cache.search.get('index', entryName, () => {
    // Their file taken whole, as bytes: read back one by one and put again, 100,000 pages' files
    // took this thread 2.2–3.5 s (1.6 s now).
    const stored = cache.searchStore.putFile(filesIn, files.map(([, at]) => at));
    return { index, files: files.map(([name], at): [string, StoredText] => [name, stored[at] as StoredText]) };
  });
  cache.searchStore.compact(kept.files.map(([, text]) => text));
}

/** What the files of a build's pages share (PageFile). */
interface PageFiles {
  outDir: string;
  urls: AssetUrls;
  pageStore: TextStore;
  rendered: RenderedPages;
  /** A page's HTML, rendered with the build's context. */
  html: (page: PageOutput) => string;
}

/**
 * A page's file for the write stage, filled with the build's asset URLs from its HTML as kept: in
 * the cache's file, or read back from its own file in the output folder and filled there with the
 * new URLs. A file changed or removed since it was written (by anything but the build) is rendered
 * again, with the same context and data. An object of a class rather than closures: one a page,
 * kept between builds.
 */
class PageFile implements VersionedFile {
  readonly path: string;
  /** The length of the page's HTML and where the URLs are in it, once `content` made it. */
  private made: { length: number; places: AssetPlaces } | undefined;

  constructor(private readonly page: PageOutput, private readonly known: RenderedPage, readonly version: string,
    readonly beforeSearch: string, private readonly shared: PageFiles) {
    this.path = page.path;
  }

  content(): string {
    const { known: { html: text }, shared: { urls } } = this;
    if (text instanceof WrittenPage) {
      const file = readWritten(text, this.path);
      const refilled = file === undefined ? undefined : refillAssetUrls(file, text.length, text.places, text.urls, urls);
      if (refilled !== undefined) {
        this.made = text;
        return refilled;
      }
    }
    const html = text instanceof WrittenPage ? this.shared.html(this.page) : this.shared.pageStore.get(text);
    const { filled, places } = fillAssetUrlsNoting(html, urls);
    this.made = { length: html.length, places };
    return filled;
  }

  /** The file is in place, with this stamp: the page is read from there from now on. */
  written({ ino, mtimeMs }: FileStamp): void {
    const { made, shared: { outDir, urls } } = this;
    if (made) this.shared.rendered.wrote(this.known, new WrittenPage(outDir, made.length, made.places, urls, ino, mtimeMs));
    this.made = undefined;
  }
}

/** A written page's file, while it is the file written; undefined when it is gone or another. */
function readWritten(text: WrittenPage, path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(insideFolder(text.dir, path), 'r');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  try {
    const { ino, mtimeMs } = fstatSync(fd);
    return ino === text.ino && mtimeMs === text.mtimeMs ? readFileSync(fd, 'utf8') : undefined;
  } finally {
    closeSync(fd);
  }
}
