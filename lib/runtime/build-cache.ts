// Runtime, `npm start`: what the cached runtime (lib/runtime/cached.ts) keeps from one build to the
// next, so a save re-renders only what it changes: each doc as read from its file (while the file's
// size and time are the same), each doc's transformed markdown (keyed by its
// source, the routes it can link to, the API description, the base URL, the tags route and the
// embeds), each page's HTML with asset placeholders (keyed by its data, lib/assemble/page-data.ts;
// lib/render/asset-placeholders.ts), each doc's markdown twin, the checked image files, the search
// index, the bundles and what was last written (a page or twin by its version only). Each memo
// reuses an entry while its key is the same (lib/runtime/memo.ts), as the rendered pages do with
// their files for the write stage (lib/runtime/rendered-pages.ts). Texts that grow with the site
// (the docs' HTML, the twins, the search files and sections, a page's HTML until it is written) are
// kept in files (lib/runtime/text-store.ts), each with a digest made once where a key needs one; a
// page once written is kept as its file in the output folder.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { CheckedFile } from '../assets/asset-files.ts';
import type { CompiledAssets } from '../assets/bundle.ts';
import type { Warning } from '../diagnostics.ts';
import type { OutputFile, VersionedFile, WrittenFiles } from '../write/site-writer.ts';
import type { FileOutput } from '../assemble/output-table.ts';
import type { DocSource, KnownDoc } from '../load/content.ts';
import { KnownTree } from '../load/known-tree.ts';
import { StoredSections } from './stored-sections.ts';
import { PublishedDocs } from '../load/published.ts';
import { KeptJoin, KeptValues, sameItems } from './same-items.ts';
import type { DocPage } from '../model.ts';
import { groupTwins, type KeptTwin, type KeptTwinFiles, type KeptTwinGroup, type TwinCache } from '../assemble/llms.ts';
import type { TwinDoc } from '../transform/twin.ts';
import type { HtmlKey } from '../assemble/page-data.ts';
import { SitePartsCache } from '../assemble/site-parts.ts';
import { KeptLinkChecks } from '../check/links.ts';
import type { BuiltSearchIndex } from '../assets/search/build-index.ts';
import { PageDigestsHash } from './page-digests-hash.ts';
import { Memo } from './memo.ts';
import { PatchedMap } from './patched-map.ts';
import { RenderedPages } from './rendered-pages.ts';
import type { SearchUpdates } from './search-updates.ts';
import type { LaterWrites } from './later-writes.ts';
import { SharedTags, type SpillFile } from './spill.ts';
import { spillFileUntilExit, TextStore, type StoredText } from './text-store.ts';

/** A transformed doc, with what transforming it did besides returning HTML, to replay on reuse. */
export interface CachedDoc {
  /** The doc, its HTML read back from the cache's file on use (BuildCache.htmlStore). */
  page: DocPage;
  html: StoredText;
  /** Its table of contents as JSON, read back likewise. */
  toc: StoredText;
  /** Images the page uses, with the size and time they had, so an edited image re-renders the page. */
  images: { path: string; stamp: string }[];
  warnings: Warning[];
}

/**
 * The last transform's docs as a build takes them (CachedRuntime.transform): their pages, the places
 * of the docs with images and of those with warnings (replayed on each build), and their HTML's and
 * tables of contents' bytes; patched by the next transform where few docs changed (Memo.changed).
 */
export interface TransformedDocs {
  made: readonly CachedDoc[];
  pages: DocPage[];
  withImages: number[];
  withWarnings: number[];
  liveBytes: number;
}

export interface CacheStats {
  docsTransformed: number;
  docsTotal: number;
  /** Of the docs transformed, how many the helper thread did (lib/runtime/cached.ts, `helperShare`). */
  docsInHelper: number;
  pagesRendered: number;
  pagesTotal: number;
}

export class BuildCache {
  /** Each doc as read from its file, by path, while the file's size and time are the same. */
  readonly sources = new Memo<KnownDoc>();
  /** The last walk of the docs folder, and the files the server's watcher saw change since (`saw`). */
  readonly tree = new KnownTree();
  /** The docs published, one a route, while the docs keep their routes (lib/load/published.ts). */
  readonly published = new PublishedDocs();
  /** Each doc source's digest while the object is the same, and its key in the docs memo with what all docs share (CachedRuntime.docKey). */
  readonly sourceKeys = new WeakMap<DocSource, { own: string; shared: string; key: string }>();
  /** Each doc file's route, which each doc's markdown depends on (its links): its version says whether any changed (lib/load/content.ts, routesOfFiles). */
  readonly routeByFile = new PatchedMap<DocSource, string, string>((doc) => doc.absPath);
  /** Transformed docs by source path. */
  readonly docs = new Memo<CachedDoc>();
  /** The write stage's entry for each file of the output table, by its place (lib/runtime/cached.ts). */
  readonly outputFiles = new KeptValues<FileOutput, OutputFile | VersionedFile>();
  /** The twins' groups of files as one list, with where it changed since the last (KeptJoin). */
  readonly twinList = new KeptJoin<FileOutput>();
  /** What the docs memo's last call gave, as the build takes it. */
  transformed: TransformedDocs | undefined;
  /**
   * Where the docs' HTML is kept: held in memory, with each twin, it was ~10 KB a generated doc
   * (at 30,000 docs 306 MB of the 656 MB left after the first build), and the first build of
   * 100,000 docs ran out of V8's heap.
   */
  readonly htmlStore = new TextStore();
  /** A digest of each doc's HTML, made once when it is transformed: its page's key reads it instead of the HTML. */
  readonly htmlKeys = new WeakMap<DocPage, HtmlKey>();
  /** The sidebars, tags and /llms.txt, with each doc's site-wide facts as a digest (lib/assemble/site-parts.ts). */
  readonly siteParts = new SitePartsCache();
  /** What each page's links gave in the link check, while the routes and anchors are the same. */
  readonly linkChecks = new KeptLinkChecks();
  /**
   * Page HTML by output path, rendered with ASSET_PLACEHOLDERS in place of asset URLs, and each
   * page's file (lib/runtime/rendered-pages.ts); made anew by a build that writes the whole site.
   */
  pages = new RenderedPages();
  /** Where the pages' HTML is kept until they are written (each store is compacted with the texts of its own kind). */
  readonly pageStore = new TextStore();
  /** Each doc's search sections as JSON, in a store of their own, and their list in the docs' order (lib/runtime/stored-sections.ts). */
  readonly sections = new StoredSections();
  /** A digest of each doc's page for search (lib/assets/search/index-job.ts: the index's entry name is made from them). */
  readonly searchDigests = new WeakMap<DocPage, string>();
  /** The docs' search digests in order, the last build's where the doc at an index is the same object. */
  readonly searchDigestList = new KeptValues<DocPage, string>();
  /** The hash of those digests that names the index's entry file, kept block by block (lib/runtime/page-digests-hash.ts). */
  readonly searchNameHash = new PageDigestsHash();
  /** The search index and its files (name, content), keyed by the name of its entry file, a digest of its input. */
  readonly search = new Memo<{ index: BuiltSearchIndex; files: [string, StoredText][] }>();
  /** Where the search index's files are kept. */
  readonly searchStore = new TextStore();
  /** The write entries of the search index's files (the files kept in `search`), and their bytes (lib/runtime/cached.ts). */
  searchFiles: { files: readonly [string, StoredText][]; entries: VersionedFile[]; paths: ReadonlySet<string>; bytes: number } | undefined;
  /** The bundles, keyed by the files they are made from. */
  readonly compiled = new Memo<Promise<CompiledAssets>>();
  /** Checked image files by path as written, keyed by their real path and full stat (lib/assets/asset-files.ts). */
  readonly images = new Memo<CheckedFile>();
  /** Parsed input files (the API description), keyed by their stamp. */
  readonly inputs = new Memo<unknown>();
  /** What the last build wrote, by output folder, so the next one writes only what changed. */
  readonly written = new Map<string, WrittenFiles>();
  /** What the last build transformed and rendered anew, and what it reused. */
  stats: CacheStats = { docsTransformed: 0, docsTotal: 0, docsInHelper: 0, pagesRendered: 0, pagesTotal: 0 };
  /** Each doc's markdown twin (index.md), while the doc object is the same. */
  readonly twins: TwinStore;
  /** Builds the search index of a save in a helper thread, when the build process set one (lib/dev/build-worker.ts). */
  searchUpdates: SearchUpdates | undefined;
  /** Writes the pages whose only change is the search index's name between builds, when the build process set it. */
  laterWrites: LaterWrites | undefined;
  /** Commit dates from git history, read once per worker (a commit made meanwhile shows after a restart). */
  commitDates: Promise<Map<string, Date>> | undefined;
  private bodyFile: SpillFile | undefined;
  /** One object for each tag the docs name: the docs that have it hold the same one. */
  readonly tags = new SharedTags();

  /** `twinSlack`: the twin store's (TextStore's slack), small in tests so that a save moves the twins. */
  constructor(options: { twinSlack?: number } = {}) {
    this.twins = new TwinStore(options.twinSlack);
  }

  /**
   * Where each doc's markdown body waits (ContentOptions.keep): a file that only grows, by the body
   * of each doc read again (an edited one), as long as the process runs.
   */
  get bodies(): SpillFile {
    this.bodyFile ??= spillFileUntilExit();
    return this.bodyFile;
  }
}

/** A kept twin: its digest, its text in the store. */
class StoredTwin implements KeptTwin {
  constructor(private readonly store: TextStore, readonly stored: StoredText, readonly siteRoot: string, readonly version: string) {}

  text(): string {
    return this.store.get(this.stored);
  }
}

/** The markdown twins, each while its doc object is the same, in a file of their own. */
export class TwinStore implements TwinCache {
  private readonly twins = new WeakMap<TwinDoc, StoredTwin>();
  private readonly store: TextStore;
  lastFiles: KeptTwinFiles | undefined = undefined;
  /**
   * The texts of each group of the last files' twins and their bytes, found once a group: a group
   * kept from build to build holds the same twins. Before, every save noted each twin as asked for
   * (~5 ms of a save at 30,000 docs: a call and a look at the twin a file), only to find these.
   */
  private readonly groupTexts = new WeakMap<KeptTwinGroup, { texts: StoredText[]; bytes: number }>();

  /** `slack`: the store's (TextStore), smaller in tests. */
  constructor(slack?: number) {
    this.store = new TextStore(slack);
  }

  get(doc: TwinDoc, siteRoot: string): KeptTwin | undefined {
    const twin = this.twins.get(doc);
    return twin?.siteRoot === siteRoot ? twin : undefined;
  }

  keep(doc: TwinDoc, siteRoot: string, text: string): KeptTwin {
    const twin = new StoredTwin(this.store, this.store.put(text), siteRoot, keyOfText(text));
    this.twins.set(doc, twin);
    return twin;
  }

  /**
   * After a build has written its site: the twins of its files (the last files, every doc's twin)
   * are live, the others dead bytes in the file, which is moved to a new one when mostly dead.
   */
  compact(): void {
    const groups = this.lastFiles?.groups ?? [];
    let bytes = 0;
    const live = groups.map((group) => {
      let known = this.groupTexts.get(group);
      if (!known) {
        // Twins this store made (TwinCache.get and keep): the files of a group ask it for theirs.
        const texts = groupTwins(group).map((twin) => (twin as StoredTwin).stored);
        known = { texts, bytes: texts.reduce((sum, text) => sum + text.length, 0) };
        this.groupTexts.set(group, known);
      }
      bytes += known.bytes;
      return known.texts;
    });
    this.store.compactBy(bytes, () => live.flat());
  }

  /** Removes the store's file (a cache no longer used). */
  close(): void {
    this.store.close();
  }
}

/** A short digest of any JSON-like value (Maps and Sets as their entries). */
export function keyOf(value: unknown): string {
  const json = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Map) return [...inner.entries()];
    if (inner instanceof Set) return [...inner];
    return inner;
  });
  return keyOfText(json ?? 'undefined');
}

/** A short digest of a text. */
export function keyOfText(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/**
 * A key of lists of texts, the last one's while every text is the same: compared text by text
 * (from one save to the next mostly the very same strings, kept with the docs), where joining
 * them and digesting the whole on each save cost a pass over megabytes on a large site. A list
 * that is the last call's very object is the same at once (one kept with the site parts).
 */
export class ListKey {
  private last: { lists: readonly (readonly string[])[]; key: string } | undefined;

  of(lists: readonly (readonly string[])[]): string {
    const last = this.last;
    const same = last !== undefined && last.lists.length === lists.length && lists.every((list, index) => sameItems(last.lists[index] as readonly string[], list));
    const key = same ? last.key : keyOfText(JSON.stringify(lists));
    this.last = { lists, key };
    return key;
  }
}

/** Size and modification time of a file: cheap to read, and changed by every save. */
export function fileStamp(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
