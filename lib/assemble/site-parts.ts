// Assemble, the site-wide parts: what is made from every doc's site-wide facts (its route, id,
// labels, title, description, tags, place and front matter) rather than from one doc: the sidebars
// and their layout, the tags with their docs, /llms.txt, the category pages' sidebar nodes and
// search sections, and the docs' reading order; and, beside them, the sitemap.
// `npm start` keeps the last ones (SitePartsCache) and reuses them while every doc's facts, the
// categories and the configuration are the same, so that a save which changes one doc's body makes
// none of them again (on 100,000 pages they took several seconds of each save).
import { Diagnostics, BuildError, type Warning } from '../diagnostics.ts';
import type { CategorySource, DocSource } from '../load/content.ts';
import type { SiteConfig } from '../load/config.ts';
import type { DocusaurusParts } from '../load/docusaurus/site.ts';
import type { LoadedSite } from '../load/site.ts';
import type { DocPage, SidebarCategory, SidebarItem, TagGroup } from '../model.ts';
import type { SearchSection } from '../assets/search/sections.ts';
import { keyOf, ListKey } from '../runtime/build-cache.ts';
import { Memo } from '../runtime/memo.ts';
import { PatchedMap } from '../runtime/patched-map.ts';
import { KeptJoin, KeptPicks, KeptValues } from '../runtime/same-items.ts';
import type { FileOutput, PageOutput } from './output-table.ts';
import type { PageDataRelay } from './page-data.ts';
import { llmsTxt, readingOrder } from './llms.ts';
import { buildSidebar, categoriesByRoute, firstRoute, layoutSidebar, layoutSidebars, type SidebarLayout } from './sidebar.ts';
import { resolveSidebars } from './sidebars-file.ts';
import { collectTags } from './tags.ts';
import type { DocIds } from './doc-ids.ts';
import { sitemapFiles, type SitemapFile } from './sitemap.ts';

export interface SiteParts {
  /** Every sidebar's items, for what reads all of them (/llms.txt, the category pages). */
  sidebar: SidebarItem[];
  layout: SidebarLayout;
  /** The category pages: the folders', and a sidebars file's generated indexes. */
  categories: CategorySource[];
  categoryNodes: Map<string, SidebarCategory>;
  /**
   * The listed docs' tags (unlisted docs are reached by their address only). Kept parts hold the
   * docs of the build that made them: read only their site-wide facts there, never their HTML
   * (an edited doc's old HTML is gone from `npm start`'s store).
   */
  tags: TagGroup[];
  /** /llms.txt, made on first use: when it is written, after the pages (a large site's is ~150 bytes a doc). */
  llms: () => string;
  /** The generated category pages' search sections (each one's description and items). */
  categorySections: SearchSection[];
  /** Some of the docs, found from their facts with the parts (DocSubsets). */
  subsets: DocSubsets;
  /** What a Docusaurus site's sidebars set in its configuration, set again on each build's (fresh) configuration. */
  mainDoc: string | undefined;
  sidebarLinkHrefs: string[];
}

/**
 * Some of the docs, as indexes into the docs or as routes: found from the docs' facts when the parts
 * are made, so that a save which keeps the parts reads no doc to find them (a pass reading a field
 * of every doc cost ~0.1 µs a doc on a large site, most of it waiting on memory).
 */
export interface DocSubsets {
  /**
   * The reading order (readingOrder, lib/assemble/llms.ts: the twins follow it) of the listed
   * docs, which /llms-full.txt holds, and of the unlisted ones, which it leaves out.
   */
  listedOrder: number[];
  unlistedOrder: number[];
  /** The listed docs' routes, in file order: the sitemap lists their pages. */
  listedRoutes: string[];
  /** The docs with changelog entries, which have feeds. */
  changelogs: number[];
  /** The docs whose front matter names their previous or next page, which each build checks (PageData.checkDoc). */
  paginated: number[];
}

/**
 * `npm start`'s last site-wide parts, each doc's facts as a digest (made once per doc object), and
 * what assemble keeps between builds by the docs' routes, files or places: the maps by route and
 * file, the docs' pages, the twins' docs.
 */
export class SitePartsCache {
  readonly facts = new WeakMap<DocPage, string>();
  /** The docs' facts in order, the last build's where the doc at an index is the same object (the WeakMap for the others). */
  readonly factsList = new KeptValues<DocPage, string>();
  readonly parts = new Memo<{ parts: SiteParts; warnings: Warning[] }>();
  /** Whether the last build made its parts anew. */
  made = false;
  /** The sitemap's files, by a digest of the site's address and the routes they list, which is their version. */
  readonly sitemaps = new Memo<SitemapFile[]>();
  /** The sitemap's version: a key of the site's address and the routes it lists. */
  readonly sitemapKey = new ListKey();
  /** A key of every doc's facts in order. */
  readonly factsKey = new ListKey();
  /**
   * Each category's key, the last build's where the category at an index is the same object (load
   * keeps them while their files are unchanged), and a key of them all: one key of the whole list,
   * made anew on each save, was ~5 ms at 100,000 docs (2,500 categories).
   */
  readonly categoryKeys = new KeptValues<CategorySource, string>();
  readonly categoriesKey = new ListKey();
  /** Each doc by route, and each doc's "Last updated" time by its file (lib/assemble/site.ts). */
  readonly docsByRoute = new PatchedMap<DocPage, string, DocPage>((doc) => doc.route);
  readonly updated = new PatchedMap<DocSource, string, number>((doc) => doc.absPath);
  /**
   * The docs' pages, the last build's where the doc at an index is the same object: they read the
   * latest build's page data through the relay (~15 ms of a save at 30,000 pages made a page and
   * its path a doc).
   */
  readonly docPages = new KeptValues<DocPage, PageOutput>();
  readonly pageData: PageDataRelay = { current: undefined };
  /** The docs the twins are made from, listed and unlisted, in reading order (DocSubsets). */
  readonly listedTwins = new KeptPicks<DocPage>();
  readonly unlistedTwins = new KeptPicks<DocPage>();
  /** The output table's pages and files joined from their parts, with where they changed since the last build's (KeptJoin). */
  readonly pageList = new KeptJoin<PageOutput>();
  readonly fileList = new KeptJoin<FileOutput>();
}

/**
 * The sitemap's files, for routes given in lists (one kept with the parts: DocSubsets.listedRoutes);
 * with a cache, the last build's while the site's address and the routes are
 * the same, with that digest as their version (`npm start`: on 100,000 pages, making every URL and
 * writing the text to compare it with the last one took ~0.4 s of each save).
 */
export function siteSitemap(config: SiteConfig, routes: readonly (readonly string[])[], cache: SitePartsCache | undefined): { files: SitemapFile[]; version: (() => string) | undefined } {
  const files = () => sitemapFiles(config, ([] as string[]).concat(...routes));
  if (!cache) return { files: files(), version: undefined };
  const version = cache.sitemapKey.of([[config.url, config.baseUrl], ...routes]);
  return { files: cache.sitemaps.get('sitemap', version, files), version: () => version };
}

/** This build's site-wide parts; with a cache, the last build's while what they are made from is the same. */
export function assembleSiteParts(loaded: LoadedSite, docs: DocPage[], ids: DocIds, diagnostics: Diagnostics, cache: SitePartsCache | undefined): SiteParts {
  if (!cache) return applied(loaded, makeParts(loaded, docs, ids, diagnostics));
  const { config, content, docusaurus, docsRoute, tagsRoute } = loaded;
  // The configuration before this build sets anything in it (applied).
  // The docs left out for a route taken count by the ids they give (DocIds).
  const ignored = content.ignored.map((doc) => [doc.id, doc.route]);
  const key = keyOf([cache.factsKey.of([cache.factsList.of(docs, (doc) => docFacts(cache, doc))]), ignored, cache.categoriesKey.of([cache.categoryKeys.of(content.categories, keyOf)]), config, docusaurus?.sidebars, docusaurus?.sidebarLinks, docsRoute, tagsRoute]);
  cache.made = false;
  const kept = cache.parts.get('site', key, () => {
    cache.made = true;
    const made = new Diagnostics();
    return { parts: makeParts(loaded, docs, ids, made), warnings: made.warnings };
  });
  for (const warning of kept.warnings) diagnostics.warn(warning, warning.message);
  return applied(loaded, kept.parts);
}

/**
 * A doc's site-wide facts: all of the doc but what only its own page and the link check read: its
 * HTML, table of contents, anchors, links and what the request-sample check reads, and its file's
 * modification time (its own page's date, which a save changes). A link carries its line, so with
 * the links in, a save that added a line above one made every part anew, and every category and
 * tag page's key and every doc page's stamp with them (30,000 pages: a save of ~0.7 s instead of
 * ~0.07 s; 100,000: ~2.7 s).
 */
function docFacts(cache: SitePartsCache, doc: DocPage): string {
  let digest = cache.facts.get(doc);
  if (digest === undefined) {
    digest = keyOf({ ...doc, html: undefined, toc: undefined, anchors: undefined, links: undefined, samples: undefined, source: { ...doc.source, body: undefined, modifiedMs: undefined } });
    cache.facts.set(doc, digest);
  }
  return digest;
}

function applied(loaded: LoadedSite, parts: SiteParts): SiteParts {
  if (parts.mainDoc !== undefined) loaded.config.docs.mainDoc = parts.mainDoc;
  loaded.docusaurus?.sidebarLinks.forEach(({ link }, index) => {
    const href = parts.sidebarLinkHrefs[index];
    if (href !== undefined) link.href = href;
  });
  return parts;
}

function makeParts(loaded: LoadedSite, docs: DocPage[], ids: DocIds, diagnostics: Diagnostics): SiteParts {
  const { config, content } = loaded;
  const { sidebar, layout, categories, mainDoc, sidebarLinkHrefs } = loaded.docusaurus
    ? docusaurusSidebars(loaded, loaded.docusaurus, docs, ids, diagnostics)
    : { ...folderSidebar(docs, ids, content.categories, config), categories: content.categories, mainDoc: undefined, sidebarLinkHrefs: [] };
  const listed = docs.filter((doc) => !doc.unlisted);
  const categoryNodes = categoriesByRoute(sidebar);
  let llms: string | undefined;
  return {
    sidebar, layout, categories, mainDoc, sidebarLinkHrefs, categoryNodes,
    categorySections: categorySections(config.baseUrl, categories, categoryNodes, new Map(docs.map((doc) => [doc.route, doc]))),
    tags: collectTags(listed, diagnostics),
    llms: () => (llms ??= llmsTxt(config, sidebar, listed, categoryDescriptions(sidebar))),
    subsets: docSubsets(docs, readingOrder(sidebar, docs)),
  };
}

function docSubsets(docs: DocPage[], order: number[]): DocSubsets {
  const subsets: DocSubsets = { listedOrder: [], unlistedOrder: [], listedRoutes: [], changelogs: [], paginated: [] };
  for (const index of order) (docs[index]?.unlisted ? subsets.unlistedOrder : subsets.listedOrder).push(index);
  docs.forEach((doc, index) => {
    if (!doc.unlisted) subsets.listedRoutes.push(doc.route);
    if (doc.changes.length > 0) subsets.changelogs.push(index);
    const { paginationPrev, paginationNext } = doc.source.frontMatter;
    if (paginationPrev !== undefined || paginationNext !== undefined) subsets.paginated.push(index);
  });
  return subsets;
}

/** Every generated category page: its description and its items, as one section. */
function categorySections(baseUrl: string, categories: CategorySource[], categoryNodes: Map<string, SidebarCategory>, docsByRoute: Map<string, DocPage>): SearchSection[] {
  const sections: SearchSection[] = [];
  for (const category of categories) {
    const node = category.indexRoute ? categoryNodes.get(category.indexRoute) : undefined;
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

/** The sidebar of a site without sidebars file: its docs folder as a tree. */
function folderSidebar(docs: DocPage[], ids: DocIds, categories: CategorySource[], config: SiteConfig): { sidebar: SidebarItem[]; layout: SidebarLayout } {
  const sidebar = buildSidebar(docs, categories, ids, config.sidebarLinks);
  return { sidebar, layout: layoutSidebar(sidebar, config.docs.sidebarPerFolder) };
}

/**
 * A Docusaurus site's sidebars (its sidebars file, else the folder tree), and what follows from
 * them: the navbar's sidebar links lead to each sidebar's first page, the main doc is the first
 * sidebar's first doc. `sidebar` lists every sidebar's items, for what reads all of them (llms.txt).
 */
function docusaurusSidebars(loaded: LoadedSite, parts: DocusaurusParts, docs: DocPage[], ids: DocIds, diagnostics: Diagnostics): Omit<SiteParts, 'categoryNodes' | 'tags' | 'llms' | 'subsets' | 'categorySections'> {
  const { config, content } = loaded;
  let named: { id: string; items: SidebarItem[] }[];
  let layout: SidebarLayout;
  let categories = content.categories;
  if (parts.sidebars) {
    const resolved = resolveSidebars(parts.sidebars, docs, ids, content.categories, config.docs.version.path, diagnostics);
    named = resolved.sidebars;
    layout = layoutSidebars(named.map((sidebar) => sidebar.items), resolved.displayed);
    categories = [...content.categories, ...resolved.categories];
  } else {
    const folder = folderSidebar(docs, ids, content.categories, config);
    named = [{ id: '', items: folder.sidebar }];
    layout = folder.layout;
  }
  const sidebarLinkHrefs = parts.sidebarLinks.map(({ sidebarId, where }) => {
    const sidebar = sidebarId === undefined ? named[0] : named.find((candidate) => candidate.id === sidebarId);
    if (!sidebar) {
      throw new BuildError(where, `The navbar names the sidebar "${sidebarId ?? ''}", which ${parts.sidebars ? 'the sidebars file does not have' : 'needs a sidebars file ("sidebarPath" of the docs options)'}.`,
        parts.sidebars ? `Use one of: ${named.map((candidate) => candidate.id).join(', ')}.` : 'Name the sidebars file in the docs options, or link to a doc instead.');
    }
    return firstRoute(sidebar.items) ?? loaded.docsRoute;
  });
  const firstDoc = docs.find((doc) => doc.route === firstRoute(named[0]?.items ?? [])) ?? docs[0];
  return { sidebar: named.flatMap((sidebar) => sidebar.items), layout, categories, mainDoc: firstDoc?.id, sidebarLinkHrefs };
}
