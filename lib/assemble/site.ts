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
import type { SearchSection } from '../assets/search/sections.ts';
import { BuildError, lineOfKey, type Diagnostics } from '../diagnostics.ts';
import type { CategorySource } from '../load/content.ts';
import { lastUpdatedDates, lastUpdatedTime } from '../load/last-updated.ts';
import { routeFile } from '../load/route-path.ts';
import { duplicateRoute } from '../load/published.ts';
import { docRouteCheck, type LoadedSite } from '../load/site.ts';
import type { DocPage, StandalonePage } from '../model.ts';
import { baseUrlBannerScript, noFlashScript } from '../render/inline-scripts.ts';
import { sharedRenderer } from '../render/shared-html.tsx';
import { sidebarRenderer } from '../render/sidebar-html.tsx';
import type { SiteWithoutAssets, TwinsInput } from '../runtime/runtime.ts';
import { contentSecurityPolicy, serveConfig } from '../security.ts';
import { changelogFeeds } from './feeds.ts';
import { fileOutput, type OutputTable, type PageOutput } from './output-table.ts';
import { DocTemplatePage, notFoundPageData, PageData, TemplatePage, type HtmlKey } from './page-data.ts';
import { categoryLinkDoc } from './sidebar.ts';
import { DocIds } from './doc-ids.ts';
import { assembleSiteParts, siteSitemap, type SitePartsCache } from './site-parts.ts';
import type { KeptJoin, KeptPicks } from '../runtime/same-items.ts';
import { readStaticFile } from '../assets/static-files.ts';
import type { DocusaurusParts } from '../load/docusaurus/site.ts';
import type { SiteConfig } from '../load/config.ts';
import type { FileOutput } from './output-table.ts';
import { robotsTxt } from './sitemap.ts';
import { tagPages } from './tags.ts';

/** The search page's route; it carries no content of its own, so the sitemap leaves it out. */
const SEARCH_ROUTE = '/search/';

export interface AssembledSite {
  table: OutputTable;
  site: SiteWithoutAssets;
  /** The category pages' sections, which search indexes after the docs'. */
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
  /** The markdown twins and /llms-full.txt as files, made where the runtime makes them (Runtime.twinFiles, lib/runtime/runtime.ts). */
  twinFiles: (input: TwinsInput) => FileOutput[];
  /** A digest of each doc's HTML, where the build keeps its docs' HTML out of memory between builds (`npm start`). */
  htmlKeys: WeakMap<DocPage, HtmlKey> | undefined;
  /** The last build's site-wide parts, reused while what they are made from is the same (`npm start`). */
  siteParts: SitePartsCache | undefined;
  diagnostics: Diagnostics;
}

export function assembleSite({ root, loaded, docs, standalone, committed, assets, twinFiles, htmlKeys, siteParts, diagnostics }: AssembleInput): AssembledSite {
  const { config, content, siteDir, tagsRoute, api } = loaded;
  const ids = new DocIds(docs, content.ignored);
  warnLostCategoryLinks(siteDir, docs, ids, content.categories, diagnostics);
  const { layout, categories: allCategories, categoryNodes, tags, llms, subsets, categorySections } = assembleSiteParts(loaded, docs, ids, diagnostics, siteParts);
  // Looked for among the docs first: most builds then never make the map of ids.
  if (!docs.some((doc) => doc.id === config.docs.mainDoc) && !ids.get(config.docs.mainDoc)) {
    throw new BuildError({ file: 'content/site.yml' }, `docs.mainDoc is "${config.docs.mainDoc}", but no doc has that id.`,
      'Use the id of a doc: its path under content/docs/ without extension and number prefixes.');
  }
  // `npm start` keeps both maps between saves, patched where the docs changed (PatchedMap).
  let updated: Map<string, number>;
  if (siteParts) {
    const timeOf = lastUpdatedTime(siteDir, committed);
    updated = siteParts.updated.of(content.docs, (doc) => timeOf(doc.absPath, doc.modifiedMs), committed);
  } else updated = lastUpdatedDates(siteDir, content.docs.map((doc) => doc.absPath), committed, content.docs.map((doc) => doc.modifiedMs));
  const docsByRoute = siteParts ? siteParts.docsByRoute.of(docs, (doc) => doc) : new Map(docs.map((doc) => [doc.route, doc]));
  // Each page's data is both its template's props and its cache key (lib/assemble/page-data.ts).
  const pageData = new PageData(config, layout, updated, docs, docsByRoute, ids, new Set(tags.map((tag) => tag.route)), htmlKeys);
  const relay = siteParts?.pageData ?? { current: undefined };
  relay.current = pageData;
  const pages = new Pages(diagnostics);
  // A Docusaurus site whose docs are at the root ("routeBasePath: '/'") has a doc as its home page.
  if (!docsByRoute.has('/')) pages.add('/', `home page (${loaded.configFile})`, HomePage, () => pageData.home());
  for (const index of subsets.paginated) pageData.checkDoc(docs[index] as DocPage);
  const docPage = (doc: DocPage) => new DocTemplatePage(doc.route, routeFile(doc.route, 'index.html'), DocPageTemplate, relay, doc);
  pages.addDocs(docs, docsByRoute, docPage, () => (siteParts ? siteParts.docPages.of(docs, docPage, relay) : docs.map(docPage)));
  for (const category of allCategories) {
    const node = category.indexRoute ? categoryNodes.get(category.indexRoute) : undefined;
    // A sidebars file's generated index may have a title of its own besides the sidebar label.
    const titled = node && node.label !== category.label ? { ...node, label: category.label } : node;
    const route = category.indexRoute;
    if (route && node && titled) {
      const data = () => pageData.category(titled, route);
      pages.add(route, category.file ?? category.dir, CategoryPage, data, undefined, () => pageData.partKey(node, route, data));
    }
  }
  const tagsData = () => pageData.tagsIndex(tags, tagsRoute);
  pages.add(tagsRoute, 'tags index', TagsListPage, tagsData, undefined, () => pageData.partKey(tags, tagsRoute, tagsData));
  for (const tag of tags) {
    for (const slice of tagPages(tag)) {
      const data = () => pageData.tag(tag, slice, tagsRoute);
      pages.add(slice.route, `tag "${tag.label}"`, TagPage, data, undefined, () => pageData.partKey(tag, slice.route, data));
    }
  }
  for (const page of standalone) pages.add(page.route, page.file, MarkdownPage, () => pageData.standalone(page));
  pages.add(SEARCH_ROUTE, 'search page', SearchPage, () => pageData.search(SEARCH_ROUTE));
  const inOrder = (order: number[], kept: KeptPicks<DocPage> | undefined) => (kept ? kept.of(docs, order) : order.map((index) => docs[index] as DocPage));

  const sitemap = siteSitemap(config, pages.sitemapRoutes(docs, subsets.listedRoutes), siteParts);
  const inlineScripts = { noFlashScript: noFlashScript(config), baseUrlBannerScript: baseUrlBannerScript(config) };
  const policy = contentSecurityPolicy({ inlineScripts: Object.values(inlineScripts), analytics: Boolean(config.analyticsId), embeds: config.embeds });
  const table: OutputTable = {
    pages: joined(pages.parts([new TemplatePage('/404.html', '404.html', NotFoundPage, () => notFoundPageData(loaded.docsRoute))]), siteParts?.pageList),
    files: joined([[
      ...sitemap.files.map((file) => fileOutput(file.path, file.text, sitemap.version)),
      fileOutput('robots.txt', () => robotsTxt(config)),
      // The site as a markdown index for AI assistants, at the root and beside the docs.
      fileOutput('llms.txt', llms),
      fileOutput(`${loaded.docsRoute.slice(1)}llms.txt`, llms),
      // A changelog's entries as Atom and JSON feeds beside it.
      ...subsets.changelogs.flatMap((index) => changelogFeeds(config, docs[index] as DocPage)),
      // Read by `serve` from the folder it serves (`npm run serve`): URL rules, caching, the same policy.
      fileOutput('serve.json', () => serveConfig(policy)),
      // The API description as written, for client generators and API tools.
      ...(api ? [fileOutput('openapi.yaml', () => api.text)] : []),
      // A Docusaurus site's static/ folder, at the site root.
      ...staticOutputs(loaded, pages, diagnostics),
    ],
    // Each doc as markdown beside its page, and all of them in reading order in /llms-full.txt.
    twinFiles({ config, listed: inOrder(subsets.listedOrder, siteParts?.listedTwins), unlisted: inOrder(subsets.unlistedOrder, siteParts?.unlistedTwins), context: {
      resolveDocFile: (absPath) => loaded.routeByFile.get(absPath),
      docsDir: content.docsDir,
      isDocRoute: docRouteCheck(loaded.routeByFile),
      imageUrl: (absPath) => assets.knownImage(absPath)?.url,
      api,
    } }),
    ], siteParts?.fileList),
  };
  const site = {
    config, sidebarHtml: sidebarRenderer(pageData.sidebars), sharedHtml: sharedRenderer(), generator: `${GENERATOR_NAME} ${packageVersion(root)}`, ...inlineScripts, contentSecurityPolicy: policy,
  };
  return {
    table, site,
    categories: categorySections,
  };
}

/** The pages by route; a second source for a route is a warning naming both, and the first one is kept. */
class Pages {
  /** The pages added one by one, in order (the docs' among them where added so: addDocs). */
  private readonly list: PageOutput[] = [];
  private readonly sources = new Map<string, string>();
  /**
   * The docs by route, where their pages were added as one list without an entry each in `sources`
   * (addDocs), that list, and where in `list` it goes.
   */
  private docs: { byRoute: ReadonlyMap<string, DocPage>; pages: readonly PageOutput[]; at: number } | undefined;

  has(route: string): boolean {
    return this.sources.has(route) || this.docs?.byRoute.has(route) === true;
  }

  constructor(private readonly diagnostics: Diagnostics) {}

  /**
   * The docs' pages: `page` makes a doc's, `all` every doc's in order. Load keeps one doc a route
   * (lib/load/published.ts), so where no page added before has a doc's route (the home page is
   * added only without a doc at "/"), none is a second source: they are then found by `docsByRoute`
   * (one entry a route: as many as the docs) instead of an entry each in a map made anew on each
   * build (~15 ms of a save at 30,000 pages in a profile), and are `all`'s list itself, joined with
   * the others' only when every page is listed (all).
   */
  addDocs(docs: DocPage[], docsByRoute: ReadonlyMap<string, DocPage>, page: (doc: DocPage) => PageOutput, all: () => readonly PageOutput[]): void {
    const distinct = !this.docs && docsByRoute.size === docs.length && [...this.sources.keys()].every((route) => !docsByRoute.has(route));
    if (!distinct) {
      for (const doc of docs) this.addPage(doc.route, doc.source.file, doc.source.slugLine, () => page(doc));
      return;
    }
    this.docs = { byRoute: docsByRoute, pages: all(), at: this.list.length };
  }

  /** Every page in the order added, then `last`, in lists to join (the docs' pages one of them). */
  parts(last: PageOutput[]): (readonly PageOutput[])[] {
    if (!this.docs) return [this.list, last];
    const { pages, at } = this.docs;
    return [this.list.slice(0, at), pages, this.list.slice(at), last];
  }

  /**
   * The routes the sitemap lists, in lists: every page's but the search page's and the unlisted
   * docs'. Where the docs' pages were added as one list (addDocs), theirs are `listedRoutes`
   * (DocSubsets, kept with the site parts) and no other page has a doc's route.
   */
  sitemapRoutes(docs: DocPage[], listedRoutes: readonly string[]): (readonly string[])[] {
    const routes = (pages: PageOutput[]) => pages.map((page) => page.route).filter((route) => route !== SEARCH_ROUTE);
    if (this.docs) return [routes(this.list.slice(0, this.docs.at)), listedRoutes, routes(this.list.slice(this.docs.at))];
    const unlisted = new Set(docs.filter((doc) => doc.unlisted).map((doc) => doc.route));
    return [routes(this.list).filter((route) => !unlisted.has(route))];
  }

  add<P extends object>(route: string, source: string, template: (props: P) => ReactElement, data: () => P, line?: number, keyData?: () => object | string): void {
    this.addPage(route, source, line, (path) => new TemplatePage(route, path, template, data, keyData));
  }

  /** The page `page` makes for the path of `route`'s index.html, unless another source has the route. */
  addPage(route: string, source: string, line: number | undefined, page: (path: string) => PageOutput): void {
    const first = this.sources.get(route) ?? this.docs?.byRoute.get(route)?.source.file;
    if (first !== undefined) {
      this.diagnostics.warn({ file: source, line }, duplicateRoute(route, first));
      return;
    }
    this.sources.set(route, source);
    this.list.push(page(routeFile(route, 'index.html')));
  }
}

/**
 * Lists joined with concat, which copies each at once (a spread went item by item); with `kept`
 * (`npm start`), noting where the joined list changed since the last build's (KeptJoin).
 */
function joined<T>(parts: (readonly T[])[], kept: KeptJoin<T> | undefined): T[] {
  return kept ? kept.of(parts) : ([] as T[]).concat(...parts);
}

function packageVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** A category file's `link: {type: doc}` that names no doc: a warning at its line (the category would lose its link). */
function warnLostCategoryLinks(siteDir: string, docs: DocPage[], ids: DocIds, categories: CategorySource[], diagnostics: Diagnostics): void {
  if (categories.every((category) => category.linkDocId === undefined)) return;
  for (const category of categories) {
    if (category.linkDocId === undefined || categoryLinkDoc(category, ids, docs)) continue;
    const file = category.file ?? category.dir;
    diagnostics.warn({ file, line: category.file ? lineOfKey(readFileSync(join(siteDir, category.file), 'utf8'), 'id') : undefined },
      `The category links to the doc id "${category.linkDocId}", but no doc has it; the category has no page of its own. Use the doc's id (its front matter id, or its file name without number prefix).`);
  }
}

/** The files of a Docusaurus static/ folder; one whose path a generated file has already is a warning and left out. */
function staticOutputs(loaded: LoadedSite, pages: Pages, diagnostics: Diagnostics): FileOutput[] {
  // Static files are never HTML (lib/assets/static-files.ts), so only the generated files can share a path with one.
  const generated = new Set(['/404.html', '/sitemap.xml', '/robots.txt', '/llms.txt', '/serve.json', '/openapi.yaml', `${loaded.docsRoute}llms.txt`]);
  return (loaded.docusaurus?.staticFiles ?? []).flatMap((file) => {
    if (generated.has(file.route) || pages.has(file.route)) {
      diagnostics.warn({ file: file.file }, `This static file is not published: the site makes its own ${file.route}. Remove it or give it another name.`);
      return [];
    }
    return [{ kind: 'file' as const, route: file.route, path: file.path, content: () => readStaticFile(file, loaded.siteDir) }];
  });
}
