// Runtime: how a build runs its stages, the one place where the three ways differ. buildSite
// (lib/pipeline.ts) calls the same stages in the same order whichever way runs them:
//   direct.ts   one thread, a fresh output folder swapped into place (production, small sites);
//   threaded.ts a helper thread for part of the markdown and the search index (production, from
//               HELPER_MIN_DOCS docs on);
//   cached.ts   `npm start`: a BuildCache kept between builds, only what changed is made and written.
// All three write the same bytes for the same site (test/unit/build-modes.test.ts).
import type { SiteContextValue } from '../../components/SiteContext.tsx';
import type { AssetCollector, AssetUrls } from '../assets/bundle.ts';
import type { BuiltSearchIndex } from '../assets/search/build-index.ts';
import type { SearchSection } from '../assets/search/sections.ts';
import type { FileOutput, PageOutput } from '../assemble/output-table.ts';
import type { TwinConfig, TwinOrder } from '../assemble/llms.ts';
import type { HtmlKey } from '../assemble/page-data.ts';
import type { SitePartsCache } from '../assemble/site-parts.ts';
import type { SiteConfig } from '../load/config.ts';
import type { DocSource, KnownDoc } from '../load/content.ts';
import type { KnownTree } from '../load/known-tree.ts';
import type { PublishedDocs } from '../load/published.ts';
import type { KeptLinkChecks } from '../check/links.ts';
import type { DocPage } from '../model.ts';
import type { ApiDescription } from '../openapi-model.ts';
import type { SearchSynonyms } from '../../common/search.ts';
import type { PageEnvironment } from '../transform/doc.ts';
import type { TwinContext } from '../transform/twin.ts';
import type { BuildCache } from './build-cache.ts';
import type { Memo } from './memo.ts';
import type { PatchedMap } from './patched-map.ts';
import type { CheckedFile } from '../assets/asset-files.ts';
import type { KeepText } from './spill.ts';
import { CachedRuntime } from './cached.ts';
import { DirectRuntime } from './direct.ts';
import { ThreadedRuntime } from './threaded.ts';

/** What transforming the docs needs: the helper thread rebuilds the environment from the plain values. */
export interface TransformInput {
  sources: DocSource[];
  env: PageEnvironment;
  assets: AssetCollector;
  siteDir: string;
  /** Doc file → route, for links to markdown files (LoadedSite.routeByFile). */
  routeByFile: ReadonlyMap<string, string>;
  api: ApiDescription | undefined;
  /** Where the API description is, for a thread that loads it again. */
  apiFile: { absPath: string; file: string } | undefined;
}

/** What the markdown twins and /llms-full.txt are made from (markdownTwins, lib/assemble/llms.ts). */
export interface TwinsInput extends TwinOrder<DocPage> {
  config: TwinConfig;
  context: Omit<TwinContext, 'origin' | 'url'>;
}

/** What the assets stage makes the search index and the bundles from. */
export interface AssetsInput {
  root: string;
  siteDir: string;
  config: SiteConfig;
  /** content/site.yml (or the Docusaurus config) as written, so that a problem with a configured image names its line. */
  configText: string;
  /** The configuration file and the folder its image paths are relative to (lib/load/site.ts). */
  configFile: string;
  configImageDir: string;
  assets: AssetCollector;
  /** Every doc (the assets stage makes what search reads of each: searchInputOf). */
  docs: DocPage[];
  /** The generated category pages' sections, indexed after the docs'. */
  categories: SearchSection[];
  /** The synonym table, carried by the index's manifest to the browser. */
  synonyms: SearchSynonyms;
}

export interface AssetsResult {
  urls: AssetUrls;
  ogImageSize: { width: number; height: number } | undefined;
  /** The search index is the last build's (see BuildOptions.deferSearch). */
  searchDeferred: boolean;
}

export interface WriteResult {
  /** How many asset files the site has (bundles, images, search index files). */
  assetFiles: number;
  search: Omit<BuiltSearchIndex, 'url'>;
}

/** The site-wide context of every page but the asset URLs, which the assets stage makes. */
export type SiteWithoutAssets = Omit<SiteContextValue, 'assets' | 'ogImageSize'>;

export interface Runtime {
  /** Load: each file's date of last commit, from one pass over git history (run meanwhile). */
  commitDates(siteDir: string): Promise<Map<string, Date>>;
  /** Load: an input file parsed (the API description). */
  parsed<T>(path: string, parse: (path: string) => T): T;
  /** Load: each doc as the last build read it, while its file is unchanged (`npm start` only). */
  readonly knownDocs: Memo<KnownDoc> | undefined;
  /** Load: the last walk of the docs folder, while the watcher saw only known docs edited (`npm start` only). */
  readonly knownTree: KnownTree | undefined;
  /** Load: the last build's docs published, one a route, while the docs keep their routes (`npm start` only). */
  readonly publishedDocs: PublishedDocs | undefined;
  /** Load: the last build's map of each doc file's route, patched where the docs changed (`npm start` only). */
  readonly routeByFile: PatchedMap<DocSource, string, string> | undefined;
  /**
   * Load and transform: where each doc's markdown body (and in a production build its HTML) waits
   * until it is read (a spill file, lib/runtime/spill.ts); undefined keeps them in memory.
   */
  readonly keep: KeepText | undefined;
  /** The runtime for a site of this many docs (a large production build takes a helper thread). */
  forDocs(count: number): Runtime;
  /** Transform: every doc's markdown, in file order. */
  transform(input: TransformInput): Promise<DocPage[]>;
  /** Transform: the images checked by earlier builds, reused while unchanged (`npm start` only). */
  readonly checkedImages: Memo<CheckedFile> | undefined;
  /**
   * Assemble: the markdown twins and /llms-full.txt, as files of the output table. `npm start` keeps
   * each twin while its doc object is the same; a large production build shares their writing with
   * its helper thread, which takes them from the end once its search index is done (threaded.ts).
   */
  twinFiles(input: TwinsInput): FileOutput[];
  /** Assemble: a digest of each doc's HTML, which a page's key reads instead of the HTML (`npm start` only). */
  readonly htmlKeys: WeakMap<DocPage, HtmlKey> | undefined;
  /** Assemble: the last build's sidebars, tags and /llms.txt, while every doc's site-wide facts are the same (`npm start` only). */
  readonly siteParts: SitePartsCache | undefined;
  /** Check: what each page's links gave, while the routes and the pages' anchors are the same (`npm start` only). */
  readonly linkChecks: KeptLinkChecks | undefined;
  /** Assets: the search index and the bundles, added to the build's assets; their URLs. */
  assets(input: AssetsInput): Promise<AssetsResult>;
  /** Render: every page of the output table. */
  render(pages: PageOutput[], site: SiteWithoutAssets, assets: AssetsResult): void;
  /** Write: every other file of the output table and the assets; the site is in place after it. */
  write(files: FileOutput[], assets: AssetCollector): Promise<WriteResult>;
  /** Stops what the runtime started; after a failure, removes what it wrote (the previous site stays). */
  finish(failed: boolean): Promise<void>;
}

export interface RuntimeOptions {
  root: string;
  outDir: string;
  cache?: BuildCache | undefined;
  deferSearch?: boolean | undefined;
  helperThread?: boolean | undefined;
}

export function runtimeFor(options: RuntimeOptions): Runtime {
  return options.cache ? new CachedRuntime(options.cache, options.outDir, options.deferSearch === true, options.helperThread) : new DirectRuntime(options, (spill, docs) => new ThreadedRuntime(options, spill, docs));
}
