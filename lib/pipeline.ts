// The whole build, stage by stage: load → transform → assemble → check → assets → render → write.
// Each stage is called once, in order, and timed under its folder's name under lib/, so a slow one
// shows in the summary. How a stage runs (one thread, a helper thread, or the cache of `npm start`)
// is the runtime's business (lib/runtime/runtime.ts), never a branch here.
import './render/production-env.ts';
import { AssetCollector } from './assets/bundle.ts';
import type { BuiltSearchIndex } from './assets/search/build-index.ts';
import { assembleSite } from './assemble/site.ts';
import { checkLinks, linkTargets, markdownPages, siteLinks } from './check/links.ts';
import { checkSamples } from './check/samples.ts';
import { BuildFailure, Diagnostics, type Warning } from './diagnostics.ts';
import { publishedContent } from './load/published.ts';
import { loadSite } from './load/site.ts';
import type { DocPage } from './model.ts';
import type { BuildCache } from './runtime/build-cache.ts';
import { runtimeFor } from './runtime/runtime.ts';
import { transformSite } from './transform/site.ts';

export interface BuildOptions {
  /** Generator root: holds client/, assets/css/ and package.json. */
  root: string;
  /** Site folder: holds content/ and the site's images under assets/img/; the generator root by default. */
  siteDir?: string;
  /** Where the site goes; replaced only when the whole build succeeds. */
  outDir: string;
  /** Kept between builds by `npm start`: only what a change affects is transformed and rendered again. */
  cache?: BuildCache;
  /**
   * With a cache: when the search index's input changed, keep the last search index for this build
   * and say so in the result (`searchDeferred`); the cache's helper thread builds the new one
   * meanwhile (BuildCache.searchUpdates), or a later build without this option does. `npm start`
   * uses this to reload the tabs first and update the index (which the pages load only on use) after.
   */
  deferSearch?: boolean;
  /**
   * Whether a production build takes a helper thread (lib/runtime/threaded.ts); by default it does
   * from HELPER_MIN_DOCS docs on. With a cache, whether a transform gives part of its docs to the
   * cache's helper thread when that is free; by default from HELPER_MIN_DOCS docs to transform on.
   * The tests force it both ways to compare the output.
   */
  helperThread?: boolean;
  /** Build the docs with `draft: true` too (`npm start`); a production build leaves them out. */
  drafts?: boolean;
}

export interface BuildResult {
  pages: number;
  files: number;
  warnings: Warning[];
  timings: { stage: string; ms: number }[];
  /** Which page shows each API operation, listed when asked: a pass over every doc that a save of `npm start` need not make (~40 ms at 100,000 docs). */
  operations: () => { id: string; route: string }[];
  search: Omit<BuiltSearchIndex, 'url'>;
  /** The search index is the last build's; build again to update it (see BuildOptions.deferSearch). */
  searchDeferred: boolean;
  /** The stylesheet's URL, for the dev server's stylesheet swap. */
  stylesheet: string;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const siteDir = options.siteDir ?? root;
  const diagnostics = new Diagnostics();
  const timings: BuildResult['timings'] = [];
  const stage = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    timings.push({ stage: name, ms: performance.now() - started });
    return result;
  };
  let runtime = runtimeFor(options);
  try {
    // "Last updated" comes from one pass over git history, run meanwhile.
    const commitDates = runtime.commitDates(siteDir);
    const loaded = await stage('load', () => {
      const site = loadSite(siteDir, diagnostics, { parsed: (path, parse) => runtime.parsed(path, parse), keep: runtime.keep, knownDocs: runtime.knownDocs, knownTree: runtime.knownTree, routeByFile: runtime.routeByFile });
      return { ...site, content: publishedContent(site.content, options.drafts ?? false, diagnostics, runtime.publishedDocs) };
    });
    runtime = runtime.forDocs(loaded.content.docs.length);
    const assets = new AssetCollector(loaded.config.baseUrl, siteDir, runtime.checkedImages);
    const { docs, standalone } = await stage('transform', () => transformSite(loaded, runtime, assets, diagnostics));
    const { table, site, categories } = await stage('assemble', async () =>
      assembleSite({ root, loaded, docs, standalone, committed: await commitDates, assets, twinFiles: (input) => runtime.twinFiles(input), htmlKeys: runtime.htmlKeys, siteParts: runtime.siteParts, diagnostics }));
    await stage('check', () => {
      // Each check returns its errors and adds its warnings to the diagnostics; any error stops the build here.
      const pages = markdownPages(docs, standalone, runtime.linkChecks);
      const errors = [
        ...checkSamples({ docs, pages: standalone, siteDir }, loaded.api, diagnostics),
        ...checkLinks(siteLinks(pages, loaded.config, loaded.configText, loaded.configFile, runtime.linkChecks), linkTargets(table, pages, loaded.content.drafts, runtime.linkChecks), diagnostics, loaded.config.onBrokenLinks, runtime.linkChecks),
      ];
      if (errors.length > 0) throw new BuildFailure(errors);
    });
    const { configText, configFile, configImageDir, config, synonyms } = loaded;
    const built = await stage('assets', () => runtime.assets({ root, siteDir, config, configText, configFile, configImageDir, assets, docs, categories, synonyms }));
    const { pages, files } = table;
    await stage('render', () => runtime.render(pages, site, built));
    const { assetFiles, search } = await stage('write', () => runtime.write(files, assets));
    await runtime.finish(false);
    return {
      pages: pages.length, files: pages.length + files.length + assetFiles, warnings: diagnostics.warnings, timings, search, searchDeferred: built.searchDeferred, stylesheet: built.urls.css,
      operations: () => operationRoutes(docs),
    };
  } catch (error) {
    await runtime.finish(true);
    throw error;
  }
}

/** Each API operation a doc shows, with the doc's route. */
function operationRoutes(docs: DocPage[]): { id: string; route: string }[] {
  const found: { id: string; route: string }[] = [];
  for (const doc of docs) for (const id of doc.operations) found.push({ id, route: doc.route });
  return found;
}
