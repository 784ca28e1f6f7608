// Assemble: from the transformed docs and pages, the output table (lib/assemble/output-table.ts):
// every page with its data (lib/assemble/page-data.ts), the 404 page, the sitemap, robots.txt, the
// llms files and markdown twins, the changelog feeds, serve.json and the API description; plus the
// site-wide context of the pages and what the search index is made from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { GENERATOR_NAME } from '../../common/generator.ts';
import { CategoryPage } from '../../templates/CategoryPage.tsx';
import { DocPage as DocPageTemplate } from '../../templates/DocPage.tsx';
import { HomePage } from '../../templates/HomePage.tsx';
import { MarkdownPage } from '../../templates/MarkdownPage.tsx';
import { NotFoundPage } from '../../templates/NotFoundPage.tsx';
import { SearchPage } from '../../templates/SearchPage.tsx';
import { TagPage } from '../../templates/TagPage.tsx';
import { TagsListPage } from '../../templates/TagsListPage.tsx';
import type { AssetCollector } from '../assets/bundle.ts';
import { searchInputOf, type PageForSearch, type SearchSection } from '../assets/search/sections.ts';
import { BuildError, type Diagnostics } from '../diagnostics.ts';
import type { CategorySource } from '../load/content.ts';
import { lastUpdatedDates } from '../load/last-updated.ts';
import { routeFile } from '../load/route-path.ts';
import type { LoadedSite } from '../load/site.ts';
import type { DocPage, SidebarItem, StandalonePage } from '../model.ts';
import { baseUrlBannerScript, noFlashScript } from '../render/inline-scripts.ts';
import { sidebarRenderer } from '../render/sidebar-html.tsx';
import type { SiteWithoutAssets } from '../runtime/runtime.ts';
import { contentSecurityPolicy, serveConfig } from '../security.ts';
import { changelogFeeds } from './feeds.ts';
import { llmsTxt, markdownTwins } from './llms.ts';
import { fileOutput, type OutputEntry, type PageOutput } from './output-table.ts';
import { notFoundPageData, PageData, pageOf } from './page-data.ts';
import { buildSidebar, findCategory, layoutSidebar } from './sidebar.ts';
import { robotsTxt, sitemapFiles } from './sitemap.ts';
import { collectTags, tagPages } from './tags.ts';

/** The search page's route; it carries no content of its own, so the sitemap leaves it out. */
const SEARCH_ROUTE = '/search/';

export interface AssembledSite {
  table: OutputEntry[];
  site: SiteWithoutAssets;
  /** What search reads of each doc (same order as the docs), and the category pages' sections. */
  pagesForSearch: PageForSearch[];
  categories: SearchSection[];
}

export interface AssembleInput {
  root: string;
  loaded: LoadedSite;
  docs: DocPage[];
  standalone: StandalonePage[];
  /** Each file's date of last commit. */
  committed: Map<string, Date>;
  assets: AssetCollector;
  /** The markdown twins made so far, by doc (lib/runtime/: kept between `npm start` builds). */
  twins: WeakMap<DocPage, { siteRoot: string; content: string }>;
  diagnostics: Diagnostics;
}

export function assembleSite({ root, loaded, docs, standalone, committed, assets, twins, diagnostics }: AssembleInput): AssembledSite {
  const { config, content, siteDir, tagsRoute, api } = loaded;
  if (!docs.some((doc) => doc.id === config.docs.mainDoc)) {
    throw new BuildError({ file: 'content/site.yml' }, `docs.mainDoc is "${config.docs.mainDoc}", but no doc has that id.`,
      'Use the id of a doc: its path under content/docs/ without extension and number prefixes.');
  }
  const sidebar = buildSidebar(docs, content.categories, config.sidebarLinks);
  const updated = lastUpdatedDates(siteDir, content.docs.map((doc) => doc.absPath), committed);
  const layout = layoutSidebar(sidebar, config.docs.sidebarPerFolder);
  const tags = collectTags(docs, diagnostics);
  const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
  // Each page's data is both its template's props and its cache key (lib/assemble/page-data.ts).
  const pageData = new PageData(config, layout, updated, docsByRoute);
  const pages = new Pages(diagnostics);
  pages.add('/', 'home page (content/site.yml)', HomePage, pageData.home());
  for (const doc of docs) pages.add(doc.route, doc.source.file, DocPageTemplate, pageData.doc(doc), doc.source.slugLine);
  for (const category of content.categories) {
    const node = category.indexRoute ? findCategory(sidebar, category.indexRoute) : undefined;
    if (category.indexRoute && node) pages.add(category.indexRoute, category.file ?? category.dir, CategoryPage, pageData.category(node, category.indexRoute));
  }
  pages.add(tagsRoute, 'tags index', TagsListPage, pageData.tagsIndex(tags, tagsRoute));
  for (const tag of tags) {
    for (const slice of tagPages(tag)) pages.add(slice.route, `tag "${tag.label}"`, TagPage, pageData.tag(tag, slice, tagsRoute));
  }
  for (const page of standalone) pages.add(page.route, page.file, MarkdownPage, pageData.standalone(page));
  pages.add(SEARCH_ROUTE, 'search page', SearchPage, pageData.search(SEARCH_ROUTE));
  const routes = pages.list.map((page) => page.route);

  const inlineScripts = { noFlashScript: noFlashScript(config), baseUrlBannerScript: baseUrlBannerScript(config) };
  const policy = contentSecurityPolicy({ inlineScripts: Object.values(inlineScripts), analytics: Boolean(config.analyticsId), embeds: config.embeds });
  const llms = llmsTxt(config, sidebar, docs, categoryDescriptions(sidebar));
  const table: OutputEntry[] = [
    ...pages.list,
    { kind: 'page', route: '/404.html', path: '404.html', ...pageOf(NotFoundPage, notFoundPageData(loaded.docsRoute)) },
    ...sitemapFiles(config, routes.filter((route) => route !== SEARCH_ROUTE)).map((file) => fileOutput(file.path, file.text)),
    fileOutput('robots.txt', () => robotsTxt(config)),
    // The site as a markdown index for AI assistants, at the root and beside the docs.
    fileOutput('llms.txt', () => llms),
    fileOutput(`${loaded.docsRoute.slice(1)}llms.txt`, () => llms),
    // A changelog's entries as Atom and JSON feeds beside it.
    ...docs.filter((doc) => doc.changes.length > 0).flatMap((doc) => changelogFeeds(config, doc)),
    // Read by `serve` from the folder it serves (`npm run serve`): URL rules, caching, the same policy.
    fileOutput('serve.json', () => serveConfig(policy)),
    // The API description as written, for client generators and API tools.
    ...(api ? [fileOutput('openapi.yaml', () => api.text)] : []),
    // Each doc as markdown beside its page, and all of them in reading order in /llms-full.txt.
    ...markdownTwins(config, sidebar, docs, {
      resolveDocFile: (absPath) => loaded.routeByFile.get(absPath),
      imageUrl: (absPath) => assets.knownImage(absPath)?.url,
      api,
    }, twins),
  ];
  const site = {
    config, sidebarHtml: sidebarRenderer(pageData.sidebars), generator: `${GENERATOR_NAME} ${packageVersion(root)}`, ...inlineScripts, contentSecurityPolicy: policy,
  };
  return {
    table, site,
    pagesForSearch: docs.map((doc) => searchInputOf(config.baseUrl, doc)),
    categories: categorySections(config.baseUrl, content.categories, sidebar, docsByRoute),
  };
}

/** The pages by route; a second source for a route is a warning naming both, and the first one is kept. */
class Pages {
  readonly list: PageOutput[] = [];
  private readonly sources = new Map<string, string>();

  constructor(private readonly diagnostics: Diagnostics) {}

  add<P extends object>(route: string, source: string, template: (props: P) => ReactElement, data: P, line?: number): void {
    const first = this.sources.get(route);
    if (first !== undefined) {
      this.diagnostics.warn({ file: source, line },
        `Duplicate route "${route}": also produced by ${first}; this one is ignored. Give one of them another slug or file name.`);
      return;
    }
    this.sources.set(route, source);
    this.list.push({ kind: 'page', route, path: routeFile(route, 'index.html'), ...pageOf(template, data) });
  }
}

function packageVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
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
