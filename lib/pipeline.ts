// The whole build, stage by stage: load → transform → assemble → check → render → write.
// Each stage is timed so that a slow one shows in the summary.
import { readdirSync, readFileSync } from 'node:fs';
import './render/production-env.ts';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { GENERATOR_NAME } from '../common/generator.ts';
import { CategoryPage } from '../templates/CategoryPage.tsx';
import { DocPage as DocPageTemplate } from '../templates/DocPage.tsx';
import { HomePage } from '../templates/HomePage.tsx';
import { MarkdownPage } from '../templates/MarkdownPage.tsx';
import { NotFoundPage } from '../templates/NotFoundPage.tsx';
import { SearchPage } from '../templates/SearchPage.tsx';
import { TagPage } from '../templates/TagPage.tsx';
import { TagsListPage } from '../templates/TagsListPage.tsx';
import { addAssets, AssetCollector, compileAssets, COMPILED_SOURCES, type CompiledAssets } from './assets/bundle.ts';
import { ASSET_PLACEHOLDERS, BuildCache, fileStamp, fillAssetUrls, keyOf, type CachedDoc } from './runtime/build-cache.ts';
import { loadSiteConfig, type SiteConfig } from './load/config.ts';
import { joinRoute, loadContent, type CategorySource, type DocSource } from './load/content.ts';
import { BuildError, BuildFailure, Diagnostics, type Warning } from './diagnostics.ts';
import { baseUrlBannerScript, noFlashScript } from './render/inline-scripts.ts';
import { contentSecurityPolicy, serveConfig } from './security.ts';
import { checkLinks, configLinks } from './check/links.ts';
import { checkSamples } from './check/samples.ts';
import { loadApiDescription } from './load/openapi.ts';
import type { LinkRef } from './transform/types.ts';
import type { DocPage, SidebarItem } from './model.ts';
import { HELPER_MIN_DOCS, HelperThread, type MarkdownJob } from './runtime/helper-thread.ts';
import { loadStandalonePages, transformDoc, type PageEnvironment } from './transform/doc.ts';
import { renderDocument } from './render/document.tsx';
import type { SiteContextValue } from '../components/SiteContext.tsx';
import { buildSearchIndex, type BuiltSearchIndex } from './assets/search/build-index.ts';
import { indexJob, type IndexJob, type IndexJobResult } from './assets/search/index-job.ts';
import { pageSections, searchInputOf, type PageForSearch, type SearchSection } from './assets/search/sections.ts';
import { buildSidebar, findCategory, layoutSidebar } from './assemble/sidebar.ts';
import { notFoundPageData, PageData, pageOf } from './assemble/page-data.ts';
import { sidebarRenderer } from './render/sidebar-html.tsx';
import { changelogFeeds, feedRoutes } from './assemble/feeds.ts';
import { lastUpdatedDates, readCommitDates } from './load/last-updated.ts';
import { llmsFullHead, llmsTxt, markdownTwins } from './assemble/llms.ts';
import { routeFile } from './load/route-path.ts';
import { robotsTxt, sitemapXml } from './assemble/sitemap.ts';
import { collectTags } from './assemble/tags.ts';
import { SiteWriter, writeChanges, type OutputFile } from './write/site-writer.ts';

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
   * With a cache: when the search sections changed, keep the last search index for this build and
   * say so in the result (`searchDeferred`); the next build brings it up to date. `npm start` uses
   * this to reload the tabs first and update the index (which the pages load only on use) after.
   */
  deferSearch?: boolean;
  /**
   * Whether a production build takes a helper thread (lib/runtime/helper-thread.ts); by default it does
   * from HELPER_MIN_DOCS docs on. The tests force it both ways to compare the output.
   */
  helperThread?: boolean;
}

export interface BuildResult {
  pages: number;
  files: number;
  warnings: Warning[];
  timings: { stage: string; ms: number }[];
  /** Which page shows each API operation. */
  operations: { id: string; route: string }[];
  search: Omit<BuiltSearchIndex, 'url'>;
  /** The search index is the last build's; build again to update it (see BuildOptions.deferSearch). */
  searchDeferred: boolean;
  /** The stylesheet's URL, for the dev server's stylesheet swap. */
  stylesheet: string;
}

interface Route {
  route: string;
  /** Which source made the route, for the duplicate-route warning. */
  source: string;
  /** The line in that source that sets the route (a doc's `slug`), when there is one. */
  line?: number | undefined;
  element: () => ReactElement;
  /** Everything the page's template reads besides the site-wide context; equal data, equal page. */
  data: () => unknown;
}

function packageVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const timings: { stage: string; ms: number }[] = [];
  let last = performance.now();
  const stage = (name: string) => {
    const now = performance.now();
    timings.push({ stage: name, ms: now - last });
    last = now;
  };
  const diagnostics = new Diagnostics();
  const { root } = options;
  const siteDir = options.siteDir ?? root;

  // "Last updated" comes from one pass over git history, run meanwhile (npm start reads it once).
  const gitDates = options.cache?.commitDates ?? readCommitDates(siteDir);

  // Load
  const configFile = join(siteDir, 'content/site.yml');
  const { config, text: configText } = loadSiteConfig(configFile, 'content/site.yml');
  const docsPath = config.docs.version.path;
  const tagsRoute = joinRoute(docsPath, 'tags');
  const content = loadContent({ root: siteDir, docsDir: join(siteDir, 'content/docs'), docsPath, diagnostics });
  const api = cached(options.cache, join(siteDir, 'content/api/openapi.yaml'), (path) => loadApiDescription(path, 'content/api/openapi.yaml'));
  stage('load');

  // Transform
  const assets = new AssetCollector(config.baseUrl, siteDir);
  const routeByFile = new Map(content.docs.map((doc) => [doc.absPath, doc.route]));
  const env: PageEnvironment = {
    baseUrl: config.baseUrl, tagsRoute, diagnostics,
    resolveDocFile: (absPath) => routeByFile.get(absPath),
    addAsset: (absPath) => assets.addImage(absPath),
    api, embeds: config.embeds,
  };
  const cache = options.cache ?? new BuildCache();
  // A large production build transforms part of the markdown in a helper thread meanwhile.
  const helper = !options.cache && (options.helperThread ?? content.docs.length >= HELPER_MIN_DOCS) ? new HelperThread() : undefined;
  // A production build writes into a fresh folder (lib/write/site-writer.ts), made before the search index so
  // that the helper thread can write the index files into it; a failed build removes it.
  let writer: SiteWriter | undefined;
  try {
    let helperDocs = 0;
    const docs = options.cache
      ? transformDocs(content.docs, env, cache, keyOf([[...routeByFile], api?.text, config.baseUrl, tagsRoute, config.embeds]))
      : helper
        ? await transformDocsWithHelper(helper, content.docs, env, assets, (count) => { helperDocs = count; }, {
          baseUrl: config.baseUrl, siteDir, tagsRoute, routes: [...routeByFile], embeds: config.embeds,
          api: api ? { absPath: join(siteDir, 'content/api/openapi.yaml'), file: 'content/api/openapi.yaml' } : undefined,
        })
        : content.docs.map((source) => transformDoc(source, env));
    const standalone = loadStandalonePages(siteDir, join(siteDir, 'content/pages'), env);
    stage('markdown');

    // Assemble
    const mainDoc = docs.find((doc) => doc.id === config.docs.mainDoc);
    if (!mainDoc) {
      throw new BuildError({ file: 'content/site.yml' }, `docs.mainDoc is "${config.docs.mainDoc}", but no doc has that id.`,
        'Use the id of a doc: its path under content/docs/ without extension and number prefixes.');
    }
    const sidebar = buildSidebar(docs, content.categories, config.sidebarLinks);
    const committed = await gitDates;
    if (options.cache) options.cache.commitDates = committed;
    const updated = lastUpdatedDates(siteDir, content.docs.map((doc) => doc.absPath), committed);
    const layout = layoutSidebar(sidebar, config.docs.sidebarPerFolder);
    const tags = collectTags(docs, diagnostics);
    const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
    const routes: Route[] = [];
    // Each page's data is both its template's props and its cache key (lib/assemble/page-data.ts).
    const pageData = new PageData(config, layout, updated, docsByRoute);
    const add = <P extends object>(route: string, source: string, template: (props: P) => ReactElement, data: P, line?: number) =>
      routes.push({ route, source, line, ...pageOf(template, data) });

    add('/', 'home page (content/site.yml)', HomePage, pageData.home());
    for (const doc of docs) add(doc.route, doc.source.file, DocPageTemplate, pageData.doc(doc), doc.source.slugLine);
    for (const category of content.categories) {
      const route = category.indexRoute;
      if (!route) continue;
      const node = findCategory(sidebar, route);
      if (!node) continue;
      add(route, category.file ?? category.dir, CategoryPage, pageData.category(node, route));
    }
    add(tagsRoute, 'tags index', TagsListPage, pageData.tagsIndex(tags, tagsRoute));
    for (const tag of tags) add(tag.route, `tag "${tag.label}"`, TagPage, pageData.tag(tag, tagsRoute));
    for (const page of standalone) add(page.route, page.file, MarkdownPage, pageData.standalone(page));
    add(SEARCH_ROUTE, 'search page', SearchPage, pageData.search(SEARCH_ROUTE));
    const unique = uniqueRoutes(routes, diagnostics);
    stage('assemble');

    // Check
    checkSamples({ docs: content.docs, pages: standalone, siteDir }, api, diagnostics);
    const links: LinkRef[] = [
      ...docs.flatMap((doc) => doc.links),
      ...standalone.flatMap((page) => page.links),
      ...configLinks(configHrefs(config), 'content/site.yml', configText),
    ];
    const anchors = new Map<string, Set<string>>();
    for (const page of [...docs, ...standalone]) anchors.set(page.route, new Set(page.anchors));
    // Files besides the pages that content may link to: each doc's markdown, a changelog's feeds.
    const changelogs = docs.filter((doc) => doc.changes.length > 0);
    // The site as a markdown index for AI assistants, at the root and beside the docs.
    const llmsRoutes = ['/llms.txt', `${joinRoute(docsPath)}llms.txt`];
    const staticFiles = ['/sitemap.xml', '/robots.txt', '/404.html', '/llms-full.txt', ...llmsRoutes,
      ...(api ? ['/openapi.yaml'] : []), ...docs.map((doc) => `${doc.route}index.md`),
      ...changelogs.flatMap((doc) => Object.values(feedRoutes(doc.route)))];
    const errors = checkLinks(links, { paths: new Set([...unique.map((route) => route.route), ...staticFiles]), anchors }, diagnostics);
    if (errors.length > 0) throw new BuildFailure(errors);
    stage('check');

    // The search index (an asset: the pages link to it by its URL), then render. A large production
    // build indexes in the helper thread while the pages render (lib/assets/search/index-job.ts).
    const pagesForSearch = docs.map((doc) => searchInputOf(config.baseUrl, doc));
    const categories = categorySections(config.baseUrl, content.categories, sidebar, docsByRoute);
    if (!options.cache) writer = new SiteWriter(options.outDir);
    // The job (the whole input as JSON) is not kept here once the helper has its copy. A helper
    // runs only in production builds, which have a writer.
    const indexing = helper && writer ? startIndexing(helper, indexJob(root, config.baseUrl, pagesForSearch.slice(0, docs.length - helperDocs), pagesForSearch, categories,
      writer.folder('assets/search'))) : undefined;
    let { url: searchIndex, deferred: searchDeferred, ...search } = indexing
      ? { url: indexing.url, deferred: false, sections: 0, files: 0, bytes: 0 }
      : searchIndexOf([...docSections(docs, pagesForSearch, cache), ...categories], assets, options.cache, options.deferSearch === true);
    stage('search');
    const { ogImageSize, ...urls } = addAssets(await compiledAssets(root, options.cache), { siteDir, assets, favicon: config.favicon, logo: config.logo.src, ogImage: config.image?.src, configText });
    const inlineScripts = { noFlashScript: noFlashScript(config), baseUrlBannerScript: baseUrlBannerScript(config) };
    const policy = contentSecurityPolicy({ inlineScripts: Object.values(inlineScripts), analytics: Boolean(config.analyticsId), embeds: config.embeds });
    const site = { config, sidebarHtml: sidebarRenderer(pageData.sidebars), generator: `${GENERATOR_NAME} ${packageVersion(root)}`, ...inlineScripts, contentSecurityPolicy: policy, ogImageSize };
    const pages = [
      ...unique.map((route) => ({ path: routeFile(route.route, 'index.html'), element: route.element, data: route.data })),
      { path: '404.html', ...pageOf(NotFoundPage, notFoundPageData(joinRoute(docsPath))) },
    ];
    const assetUrls = { ...urls, searchIndex };
    const llms = llmsTxt(config, sidebar, docs, categoryDescriptions(sidebar));
    // Each doc as markdown beside its page, and all of them in reading order in /llms-full.txt;
    // made after the pages (a large build makes them while the helper thread finishes its index).
    const twins = () => markdownTwins(config, sidebar, docs, {
      resolveDocFile: (absPath) => routeByFile.get(absPath),
      imageUrl: (absPath) => assets.knownImage(absPath)?.url,
      api,
    }, options.cache?.twins);
    const extras: OutputFile[] = [
      { path: 'sitemap.xml', content: sitemapXml(config, unique.map((route) => route.route).filter((route) => route !== SEARCH_ROUTE)) },
      { path: 'robots.txt', content: robotsTxt(config) },
      ...llmsRoutes.map((route) => ({ path: route.slice(1), content: llms })),
      // A changelog's entries as Atom and JSON feeds beside it.
      ...changelogs.flatMap((doc) => changelogFeeds(config, doc)),
      // Read by `serve` from the folder it serves (`npm run serve`): URL rules, caching, the same policy.
      { path: 'serve.json', content: serveConfig(policy) },
      // The API description as written, for client generators and API tools.
      ...(api ? [{ path: 'openapi.yaml', content: api.text }] : []),
      ...assets.files,
    ];
    // The pages, the extras, a markdown twin per doc and /llms-full.txt.
    let fileCount = pages.length + extras.length + docs.length + 1;
    if (options.cache) {
      const assetKey = keyOf(assetUrls);
      const files: OutputFile[] = renderPages(pages, { ...site, assets: ASSET_PLACEHOLDERS }, cache).map((page) => {
        const key = `${page.key}:${assetKey}`;
        const filled = cache.filled.get(page.path);
        if (filled?.key === key) return { path: page.path, content: filled.html };
        const html = fillAssetUrls(page.html, assetUrls);
        cache.filled.set(page.path, { key, html });
        return { path: page.path, content: html };
      });
      files.push(...extras);
      const llmsFull = [llmsFullHead(config)];
      for (const twin of twins()) {
        files.push({ path: twin.path, content: twin.content });
        llmsFull.push(twin.llmsPart);
      }
      files.push({ path: 'llms-full.txt', content: llmsFull.join('') });
      stage('render');
      options.cache.written.set(options.outDir, writeChanges(options.outDir, files, options.cache.written.get(options.outDir)));
      stage('write');
    } else if (writer) {
      // A production build writes each page as soon as it is rendered: memory stays flat however
      // large the site, and the writes of one page overlap nothing that the next one needs.
      const context = { ...site, assets: assetUrls };
      for (const page of pages) writer.write(page.path, renderDocument(page.element(), context));
      stage('render');
      const llmsFull = writer.open('llms-full.txt');
      llmsFull.write(llmsFullHead(config));
      for (const twin of twins()) {
        writer.write(twin.path, twin.content);
        llmsFull.write(twin.llmsPart);
      }
      llmsFull.close();
      stage('markdown twins');
      if (indexing) {
        const { written, index } = await indexing.done;
        search = index;
        fileCount += written;
        stage('search wait');
      }
      for (const file of extras) writer.write(file.path, file.content);
      writer.commit();
      stage('write');
    }

    return {
      pages: unique.length + 1, files: fileCount, warnings: diagnostics.warnings, timings,
      operations: docs.flatMap((doc) => doc.operations.map((id) => ({ id, route: doc.route }))),
      search, searchDeferred, stylesheet: urls.css,
    };
  } catch (error) {
    // The helper may be writing search files into the new folder: stop it before removing that.
    await helper?.stop();
    writer?.abort();
    throw error;
  } finally {
    void helper?.stop();
  }
}

/** Transforms each doc's markdown, or reuses last build's result when nothing it depends on changed. */
function transformDocs(sources: DocSource[], env: PageEnvironment, cache: BuildCache, sharedKey: string): DocPage[] {
  let transformed = 0;
  const pages = sources.map((source) => {
    const key = keyOf([sharedKey, source]);
    const cached = cache.docs.get(source.absPath);
    if (cached?.key === key && cached.images.every((image) => fileStamp(image.path) === image.stamp)) {
      for (const image of cached.images) env.addAsset(image.path);
      for (const warning of cached.warnings) env.diagnostics.warn(warning, warning.message);
      cache.docKeys.set(cached.page, key);
      return cached.page;
    }
    transformed += 1;
    const images: CachedDoc['images'] = [];
    const diagnostics = new Diagnostics();
    const page = transformDoc(source, {
      ...env, diagnostics,
      addAsset: (absPath) => {
        images.push({ path: absPath, stamp: fileStamp(absPath) });
        return env.addAsset(absPath);
      },
    });
    for (const warning of diagnostics.warnings) env.diagnostics.warn(warning, warning.message);
    cache.docs.set(source.absPath, { key, page, images, warnings: diagnostics.warnings });
    cache.docKeys.set(page, key);
    return page;
  });
  const current = new Set(sources.map((source) => source.absPath));
  for (const path of cache.docs.keys()) if (!current.has(path)) cache.docs.delete(path);
  cache.stats.docsTransformed = transformed;
  cache.stats.docsTotal = sources.length;
  return pages;
}

/**
 * The docs' markdown, the later part transformed by the helper thread while this thread transforms
 * the earlier part; the helper's images join the build's assets and its warnings the build's. The
 * first error in file order wins, as in one thread.
 */
async function transformDocsWithHelper(helper: HelperThread, sources: DocSource[], env: PageEnvironment, assets: AssetCollector,
  transformedByHelper: (helperDocs: number) => void, job: Omit<MarkdownJob, 'sources'>): Promise<DocPage[]> {
  // The helper starts later (it loads its modules first): it takes somewhat less than half.
  const split = Math.ceil(sources.length * 0.55);
  const theirs = helper.markdown({ ...job, sources: sources.slice(split) });
  const ours = sources.slice(0, split).map((source) => transformDoc(source, env));
  const { pages, images, warnings } = await theirs;
  for (const image of images) assets.addImage(image);
  for (const warning of warnings) env.diagnostics.warn(warning, warning.message);
  transformedByHelper(pages.length);
  const theirSources = sources.slice(split);
  return [...ours, ...pages.map((page, index) => ({ ...page, source: theirSources[index] as DocSource }))];
}

function startIndexing(helper: HelperThread, job: IndexJob): { url: string; done: Promise<IndexJobResult> } {
  return { url: `${job.folderUrl}${job.entryName}`, done: helper.searchIndex(job) };
}

/** The bundles, or the last build's while no file they are made from has changed. */
async function compiledAssets(root: string, cache: BuildCache | undefined): Promise<CompiledAssets> {
  if (!cache) return compileAssets(root);
  const key = keyOf(COMPILED_SOURCES.flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .sort().map((path) => `${dir}/${path}:${fileStamp(join(root, dir, path))}`)));
  if (cache.compiled?.key === key) return cache.compiled.assets;
  const assets = await compileAssets(root);
  cache.compiled = { key, assets };
  return assets;
}

/** A file parsed once per content: reused while its size and modification time are unchanged. */
function cached<T>(cache: BuildCache | undefined, path: string, parse: (path: string) => T): T {
  if (!cache) return parse(path);
  const stamp = fileStamp(path);
  const known = cache.inputs.get(path);
  if (known?.stamp === stamp) return known.value as T;
  const value = parse(path);
  cache.inputs.set(path, { stamp, value });
  return value;
}

/** The search index, or the last build's (its files added again) when the sections are the same. */
function searchIndexOf(sections: SearchSection[], assets: AssetCollector, cache: BuildCache | undefined, defer: boolean): BuiltSearchIndex & { deferred: boolean } {
  if (!cache) return { ...buildSearchIndex(sections, (name, text) => assets.add('search', name, text)), deferred: false };
  const key = keyOf(sections);
  if (cache.search && (cache.search.key === key || defer)) {
    for (const [name, text] of cache.search.files) assets.add('search', name, text);
    return { ...cache.search.index, deferred: cache.search.key !== key };
  }
  const files: [string, string][] = [];
  const index = buildSearchIndex(sections, (name, text) => {
    files.push([name, text]);
    return assets.add('search', name, text);
  });
  cache.search = { key, index, files };
  return { ...index, deferred: false };
}

/** Renders each page, or reuses its last HTML when the site-wide context and its own data are unchanged. */
function renderPages(pages: { path: string; element: () => ReactElement; data: () => unknown }[], context: SiteContextValue, cache: BuildCache): { path: string; key: string; html: string }[] {
  const contextKey = keyOf(context);
  let rendered = 0;
  const result = pages.map((page) => {
    const key = `${contextKey}:${keyOf(page.data())}`;
    const cached = cache.pages.get(page.path);
    if (cached?.key === key) return { path: page.path, key, html: cached.html };
    rendered += 1;
    const html = renderDocument(page.element(), context);
    cache.pages.set(page.path, { key, html });
    return { path: page.path, key, html };
  });
  const current = new Set(pages.map((page) => page.path));
  for (const path of cache.pages.keys()) if (!current.has(path)) cache.pages.delete(path);
  cache.stats.pagesRendered = rendered;
  cache.stats.pagesTotal = pages.length;
  return result;
}

/** The search page's route; it carries no content of its own, so the sitemap leaves it out. */
const SEARCH_ROUTE = '/search/';


/** Every doc page, section by section (a doc's sections are kept while the doc object is the same). */
function docSections(docs: DocPage[], pages: PageForSearch[], cache: BuildCache): SearchSection[] {
  return docs.flatMap((doc, index) => {
    const known = cache.sections.get(doc);
    if (known) return known;
    const found = pages[index] ? pageSections(pages[index]) : [];
    cache.sections.set(doc, found);
    return found;
  });
}

/** Every generated category page: its description and its items, as one section. */
function categorySections(baseUrl: string, categories: CategorySource[], sidebar: SidebarItem[], docsByRoute: Map<string, DocPage>): SearchSection[] {
  const sections: SearchSection[] = [];
  for (const category of categories) {
    const node = category.indexRoute ? findCategory(sidebar, category.indexRoute) : undefined;
    if (!node?.route) continue;
    const items = node.items.map((item) => {
      if (item.type === 'doc') return `${item.label}: ${docsByRoute.get(item.route)?.description ?? ''}`;
      if (item.type === 'category') return `${item.label}: ${item.description ?? ''}`;
      return item.label;
    });
    const text = [node.description ?? '', ...items].join(' ');
    sections.push({ title: node.label, heading: '', page: '', text, tags: '', pageTitle: node.label, url: `${baseUrl}${node.route.slice(1)}` });
  }
  return sections;
}

/** Each generated category page's description, by route. */
function categoryDescriptions(sidebar: SidebarItem[]): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.route && item.description) found.set(item.route, item.description);
      walk(item.items);
    }
  };
  walk(sidebar);
  return found;
}

/** Two sources for one route: a warning naming both; the first one is kept. */
function uniqueRoutes(routes: Route[], diagnostics: Diagnostics): Route[] {
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const first = seen.get(route.route);
    if (first) {
      diagnostics.warn({ file: route.source, line: route.line },
        `Duplicate route "${route.route}": also produced by ${first.source}; this one is ignored. Give one of them another slug or file name.`);
    } else {
      seen.set(route.route, route);
    }
  }
  return [...seen.values()];
}

function configHrefs(config: SiteConfig): string[] {
  return [
    ...config.navbar.items.map((item) => item.href),
    ...config.footer.groups.flatMap((group) => group.items.map((item) => item.href)),
    ...config.home.actions.map((item) => item.href),
    ...config.home.features.map((item) => item.href),
    ...(config.announcement?.link ? [config.announcement.link.href] : []),
  ];
}

