// The whole build, stage by stage: load → transform → assemble → check → render → write.
// Each stage is timed so that a slow one shows in the summary.
import { readFileSync } from 'node:fs';
import './production-env.ts';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { GENERATOR_NAME } from '../common/generator.ts';
import { CategoryPage } from '../templates/CategoryPage.tsx';
import { DocPage as DocPageTemplate } from '../templates/DocPage.tsx';
import { HomePage } from '../templates/HomePage.tsx';
import { MarkdownPage } from '../templates/MarkdownPage.tsx';
import { NotFoundPage } from '../templates/NotFoundPage.tsx';
import { SearchPage } from '../templates/SearchPage.tsx';
import { TagPage } from '../templates/TagPage.tsx';
import { TagsListPage } from '../templates/TagsListPage.tsx';
import { AssetCollector, bundleAssets } from './assets.ts';
import { loadSiteConfig, type SiteConfig } from './config.ts';
import { joinRoute, loadContent, type CategorySource } from './content.ts';
import { BuildError, BuildFailure, Diagnostics, type Warning } from './diagnostics.ts';
import { baseUrlBannerScript, noFlashScript } from './inline-scripts.ts';
import { contentSecurityPolicy, serveConfig } from './security.ts';
import { checkLinks, configLinks } from './links.ts';
import { loadApiDescription } from './openapi/load.ts';
import type { LinkRef } from './markdown/types.ts';
import type { DocPage, SidebarItem } from './model.ts';
import { loadStandalonePages, renderDoc, type PageEnvironment } from './pages.ts';
import { renderDocument } from './render.tsx';
import { buildSearchIndex, type BuiltSearchIndex } from './search/build-index.ts';
import { pageSections, type SearchSection } from './search/sections.ts';
import { breadcrumbs, buildSidebar, findCategory, flattenSidebar, previousNext } from './sidebar.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { collectTags } from './tags.ts';
import { writeSite, type OutputFile } from './write.ts';

export interface BuildOptions {
  /** Generator root: holds client/, assets/css/ and package.json. */
  root: string;
  /** Site folder: holds content/ and the site's images under assets/img/; the generator root by default. */
  siteDir?: string;
  /** Where the site goes; replaced only when the whole build succeeds. */
  outDir: string;
}

export interface BuildResult {
  pages: number;
  files: number;
  warnings: Warning[];
  timings: { stage: string; ms: number }[];
  /** Where each API operation was rendered. */
  operations: { id: string; route: string }[];
  search: Omit<BuiltSearchIndex, 'url'>;
}

interface Route {
  route: string;
  /** Which source made the route, for the duplicate-route warning. */
  source: string;
  /** The line in that source that sets the route (a doc's `slug`), when there is one. */
  line?: number | undefined;
  element: () => ReactElement;
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

  // 1. Load
  const configFile = join(siteDir, 'content/site.yml');
  const { config, text: configText } = loadSiteConfig(configFile, 'content/site.yml');
  const docsPath = config.docs.version.path;
  const tagsRoute = joinRoute(docsPath, 'tags');
  const content = loadContent({ root: siteDir, docsDir: join(siteDir, 'content/docs'), docsPath, diagnostics });
  const api = loadApiDescription(join(siteDir, 'content/api/openapi.yaml'), 'content/api/openapi.yaml');
  stage('load');

  // 2. Transform
  const assets = new AssetCollector(config.baseUrl);
  const routeByFile = new Map(content.docs.map((doc) => [doc.absPath, doc.route]));
  const env: PageEnvironment = {
    baseUrl: config.baseUrl, tagsRoute, diagnostics,
    resolveDocFile: (absPath) => routeByFile.get(absPath),
    addAsset: (absPath) => assets.addImage(absPath),
    api,
  };
  const docs = content.docs.map((source) => renderDoc(source, env));
  const standalone = loadStandalonePages(siteDir, join(siteDir, 'content/pages'), env);
  stage('markdown');

  // 3. Assemble
  const mainDoc = docs.find((doc) => doc.id === config.docs.mainDoc);
  if (!mainDoc) {
    throw new BuildError({ file: 'content/site.yml' }, `docs.mainDoc is "${config.docs.mainDoc}", but no doc has that id.`,
      'Use the id of a doc: its path under content/docs/ without extension and number prefixes.');
  }
  const sidebar = buildSidebar(docs, content.categories, config.sidebarLinks);
  const order = flattenSidebar(sidebar);
  const tags = collectTags(docs);
  const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
  const routes: Route[] = [];
  const add = (route: string, source: string, element: () => ReactElement, line?: number) => routes.push({ route, source, element, line });

  add('/', 'home page (content/site.yml)', () => createElement(HomePage));
  for (const doc of docs) {
    const { previous, next } = doc.inSidebar ? previousNext(order, doc.route) : { previous: undefined, next: undefined };
    add(doc.route, doc.source.file, () => createElement(DocPageTemplate, { doc, trail: breadcrumbs(sidebar, doc.route), previous, next }), doc.source.slugLine);
  }
  for (const category of content.categories) {
    const route = category.indexRoute;
    if (!route) continue;
    const node = findCategory(sidebar, route);
    if (!node) continue;
    const { previous, next } = previousNext(order, route);
    add(route, category.file ?? category.dir, () =>
      createElement(CategoryPage, { category: node, route, trail: breadcrumbs(sidebar, route), docsByRoute, previous, next }));
  }
  add(tagsRoute, 'tags index', () => createElement(TagsListPage, { tags, route: tagsRoute }));
  for (const tag of tags) add(tag.route, `tag "${tag.label}"`, () => createElement(TagPage, { tag, tagsRoute }));
  for (const page of standalone) add(page.route, page.file, () => createElement(MarkdownPage, { page }));
  add(SEARCH_ROUTE, 'search page', () => createElement(SearchPage));
  const unique = uniqueRoutes(routes, diagnostics);
  stage('assemble');

  // 4. Check
  const links: LinkRef[] = [
    ...docs.flatMap((doc) => doc.links),
    ...standalone.flatMap((page) => page.links),
    ...configLinks(configHrefs(config), 'content/site.yml', configText),
  ];
  const anchors = new Map<string, Set<string>>();
  for (const page of [...docs, ...standalone]) anchors.set(page.route, new Set(page.anchors));
  const staticFiles = ['/sitemap.xml', '/robots.txt', '/404.html', ...(api ? ['/openapi.yaml'] : [])];
  const errors = checkLinks(links, { paths: new Set([...unique.map((route) => route.route), ...staticFiles]), anchors }, diagnostics);
  if (errors.length > 0) throw new BuildFailure(errors);
  stage('check');

  // 5. Search index, then render (pages link to the index by its content hash)
  const { url: searchIndex, ...search } = buildSearchIndex(searchSections(config.baseUrl, docs, content.categories, sidebar, docsByRoute),
    (name, text) => assets.add('search', name, text));
  stage('search');
  const urls = await bundleAssets({ root, siteDir, assets, favicon: config.favicon, logo: config.logo.src });
  const inlineScripts = { noFlashScript: noFlashScript(config), baseUrlBannerScript: baseUrlBannerScript(config) };
  const policy = contentSecurityPolicy({ inlineScripts: Object.values(inlineScripts), analytics: Boolean(config.analyticsId) });
  const context = {
    config, assets: { ...urls, searchIndex }, sidebar, generator: `${GENERATOR_NAME} ${packageVersion(root)}`, ...inlineScripts, contentSecurityPolicy: policy,
  };
  const files: OutputFile[] = unique.map((route) => ({
    path: `${route.route.slice(1)}index.html`,
    content: renderDocument(route.element(), context),
  }));
  files.push({ path: '404.html', content: renderDocument(createElement(NotFoundPage, { docsRoute: joinRoute(docsPath) }), context) });
  files.push({ path: 'sitemap.xml', content: sitemapXml(config, unique.map((route) => route.route).filter((route) => route !== SEARCH_ROUTE)) });
  files.push({ path: 'robots.txt', content: robotsTxt(config) });
  // Read by `serve` from the folder it serves (`npm run serve`): URL rules, caching, the same policy.
  files.push({ path: 'serve.json', content: serveConfig(policy) });
  // The API description as written, for client generators and API tools.
  if (api) files.push({ path: 'openapi.yaml', content: api.text });
  files.push(...assets.files);
  stage('render');

  // 6. Write
  writeSite(options.outDir, files);
  stage('write');

  return {
    pages: unique.length + 1, files: files.length, warnings: diagnostics.warnings, timings,
    operations: docs.flatMap((doc) => doc.operations.map((id) => ({ id, route: doc.route }))),
    search,
  };
}

/** The search page's route; it carries no content of its own, so the sitemap leaves it out. */
const SEARCH_ROUTE = '/search/';

/** What search covers: every doc page section by section, and every generated category page. */
function searchSections(baseUrl: string, docs: DocPage[], categories: CategorySource[], sidebar: SidebarItem[], docsByRoute: Map<string, DocPage>): SearchSection[] {
  const url = (route: string) => `${baseUrl}${route.slice(1)}`;
  const sections = docs.flatMap((doc) => pageSections({ title: doc.title, url: url(doc.route), html: doc.html, tags: doc.tags.map((tag) => tag.label) }));
  for (const category of categories) {
    const node = category.indexRoute ? findCategory(sidebar, category.indexRoute) : undefined;
    if (!node?.route) continue;
    const items = node.items.map((item) => {
      if (item.type === 'doc') return `${item.label}: ${docsByRoute.get(item.route)?.description ?? ''}`;
      if (item.type === 'category') return `${item.label}: ${item.description ?? ''}`;
      return item.label;
    });
    const text = [node.description ?? '', ...items].join(' ');
    sections.push({ title: node.label, heading: '', page: '', text, tags: '', pageTitle: node.label, url: url(node.route) });
  }
  return sections;
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

