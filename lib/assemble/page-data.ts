// Assemble: each page's data, everything its template shows that is derived (URLs, sidebar marks,
// previous/next, breadcrumbs, cards, tag letters, last updated), as plain values (lib/model.ts).
// The templates only lay it out, and a page's cache key is a digest of its data (`TemplatePage`).
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { PAGE_TEXTS, TEXTS } from '../../common/texts.ts';
import { DOC_CARD_LIST_MARKER } from '../../common/constants.ts';
import { BuildError } from '../diagnostics.ts';
import { keyOf, keyOfText } from '../runtime/build-cache.ts';
import { absoluteUrl, type SiteConfig } from '../load/config.ts';
import { feedRoutes } from './feeds.ts';
import type { PageOutput } from './output-table.ts';
import type {
  Card, CategoryPageData, Crumb, DocPage, DocPageData, HomePageData, MarkdownPageData, NavLink, NotFoundPageData, PageHead,
  SearchPageData, SidebarCategory, SidebarItem, SidebarMarks, StandalonePage, TagGroup, TagPageData, TagsListPageData,
} from '../model.ts';
import type { TocItem } from '../transform/types.ts';
import { findCategory, firstRoute, sidebarKey, type SidebarLayout } from './sidebar.ts';
import { groupTagsByLetter, tagPageRoute, type TagPageSlice } from './tags.ts';
import type { DocIds } from './doc-ids.ts';

/**
 * A page of the output table (lib/assemble/output-table.ts): its template, and its data, which is
 * both the template's props and its cache key's source. The data is made when the page renders
 * (or `npm start` keys it), not kept for every page from assemble on: a large site's page data
 * alone would grow with the site (about 10 KB a doc page). One object a page whose methods sit on
 * the class: an element and a key closure made for each page, with their scope, cost ~350 bytes a
 * page more (measured on a 10,000-page site).
 */
export class TemplatePage<P extends object> implements PageOutput {
  /**
   * `keyData`: the data as its key reads it, when that can be made more cheaply than the data, or
   * the key itself where it is known without the data (a doc page's, PageData.docKey).
   */
  constructor(readonly route: string, readonly path: string, private readonly template: (props: P) => ReactElement, private readonly props: () => P,
    private readonly keyData: () => object | string = props) {}

  element(): ReactElement {
    return createElement(this.template, this.props());
  }

  /** A digest of everything the page's template reads: equal keys, equal pages. */
  key(): string {
    return pageKey(this.keyData());
  }
}

/**
 * A doc's page: as a TemplatePage whose data is PageData's for the doc, but holding the doc and
 * PageData (through a relay) themselves: the two closures a doc and their scope cost ~170 bytes a doc more (a heap
 * snapshot of a 30,000-page build), which a large site keeps from assemble until its last page renders.
 */
export class DocTemplatePage implements PageOutput {
  constructor(readonly route: string, readonly path: string, private readonly template: (props: DocPageData) => ReactElement, private readonly relay: PageDataRelay,
    private readonly doc: DocPage) {}

  private get pages(): PageData {
    const { current } = this.relay;
    if (!current) throw new Error('Internal error: a doc page was asked for its data before the build made it.');
    return current;
  }

  element(): ReactElement {
    return createElement(this.template, this.pages.doc(this.doc));
  }

  key(): string {
    return pageKey(this.pages.docKey(this.doc));
  }

  /**
   * The key is made from the doc, the stamp and the doc's date, which is the doc object's too where
   * a build keeps its keys (`npm start`): its file's modification time is a property of its source,
   * which the transform's key reads (a file touched gives a new doc), and the commit dates are read
   * once a build worker (CachedRuntime.commitDates).
   */
  get keyObject(): DocPage {
    return this.doc;
  }

  keyShared(): string {
    return this.pages.stamp();
  }
}

/**
 * The build's page data, which a doc page reads through this: `npm start` keeps the docs' pages from
 * one build to the next (SitePartsCache.docPages, lib/assemble/site-parts.ts), each then reading the
 * latest build's.
 */
export interface PageDataRelay {
  current: PageData | undefined;
}

/** A page's key from its data, or the key itself where it was known without the data. */
function pageKey(data: object | string): string {
  return typeof data === 'string' ? data : keyOfText(keyText(data));
}

/**
 * What a doc page's key reads of its HTML when the build keeps the HTML out of memory (`npm start`,
 * lib/runtime/build-cache.ts): a digest made once, when the doc is transformed, and whether the
 * HTML has a card list (which is all else the page's data reads of it). Kept with the doc object,
 * so it also keeps the doc page's key as a build last made it (PageData.docKey).
 */
export interface HtmlKey {
  digest: string;
  cards: boolean;
  /** A digest of the doc's table of contents, which the build keeps out of memory with the HTML. */
  toc: string;
  /** The doc page's key, and the site stamp and date it was made with. */
  page?: { stamp: string; updated: number | undefined; key: string } | undefined;
}

/** No table of contents: where a page's key reads the digest of the doc's instead (PageData.docKey). */
const NO_TOC: TocItem[] = [];

/** A doc's HTML key. */
export function htmlKey(html: string, toc: TocItem[]): HtmlKey {
  return { digest: keyOfText(html), cards: html.includes(DOC_CARD_LIST_MARKER), toc: keyOfText(keyText(toc)) };
}

/** Strings at least this long (a doc's HTML) stand in a page's key as their digest. */
const LONG_STRING = 1024;
/** Digests of long strings, this build's and the last one's (see PageData's constructor). */
let digests = new Map<string, string>();
let earlierDigests = new Map<string, string>();

/**
 * The data as its key digests it: JSON's form, made in one pass (a copy of the data and JSON of
 * the copy took twice as long on a 10,000-page site), each long string replaced by its own digest,
 * kept from one build to the next while the string is the same (a standalone page's HTML). A doc's
 * HTML does not come here in `npm start`: its key reads the digest made when the doc was
 * transformed (PageData.docKey), so keying stays proportional to what changed. Page data is plain
 * values (lib/model.ts): anything else (a Map, a Date) is refused, since its own properties, which
 * the key is made from, do not hold what it holds.
 */
function keyText(value: unknown): string {
  if (typeof value === 'string') {
    if (value.length < LONG_STRING) return JSON.stringify(value);
    let digest = digests.get(value) ?? earlierDigests.get(value);
    if (digest === undefined) digest = `"\u0000digest:${keyOfText(value)}"`;
    digests.set(value, digest);
    return digest;
  }
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (const item of value as unknown[]) text += `${keyText(item)},`;
    return `${text}]`;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    throw new Error(`Internal error: a page's data holds a ${(value as object).constructor.name}, which its cache key would not show; use plain objects and arrays.`);
  }
  let text = '{';
  for (const [name, inner] of Object.entries(value)) if (inner !== undefined) text += `${JSON.stringify(name)}:${keyText(inner)},`;
  return `${text}}`;
}

/** The keys of the pages made from a site-wide part, by route (PageData.partKey). */
const partKeys = new WeakMap<object, Map<string, string>>();

/**
 * The stamp of each sidebar layout's site: a layout is one of the site-wide parts, which `npm start`
 * keeps while any doc's site-wide facts, the categories and the configuration, all the stamp is made
 * from, are the same (lib/assemble/site-parts.ts); made once, it spares a save of a large site a
 * digest of every doc's shown facts (~0.36 s on 100,000 pages).
 */
const stampOfLayout = new WeakMap<SidebarLayout, string>();

/** What a doc page reads of another doc (PageData's stamp), made once per doc object. */
const shownOfDoc = new WeakMap<DocPage, string>();

/** What every page's data is made from; keeps each sidebar the pages show, for the render stage. */
export class PageData {
  /** Each sidebar the pages show, by its key (SidebarMarks.key). */
  readonly sidebars = new Map<string, SidebarItem[]>();
  /** The stamp, once made or found: read for every doc page's key, found once rather than by its layout for each page. */
  private stampText: string | undefined;

  constructor(
    private readonly config: SiteConfig,
    private readonly layout: SidebarLayout,
    /** When each doc last changed, by source path. */
    private readonly updated: Map<string, number>,
    /** Each doc, in file order: what a page shows of other docs (stamp). */
    private readonly docs: DocPage[],
    /** Each doc by route: the category cards show their docs' descriptions. */
    private readonly docsByRoute: Map<string, DocPage>,
    /** Each doc by id: a doc's pagination_prev/next names one. */
    private readonly ids: DocIds,
    /** The routes of the tag pages: an unlisted doc's tag that no listed doc has has no page to link to. */
    private readonly tagRoutes: Set<string>,
    /** Each doc's HTML key, when the build keeps one (`npm start`). */
    private readonly htmlKeys?: WeakMap<DocPage, HtmlKey> | undefined,
  ) {
    // One build's digests are kept for the next; older ones go (their docs changed).
    earlierDigests = digests;
    digests = new Map();
  }

  home(): HomePageData {
    const { home } = this.config;
    return {
      // A home page titled like the site (a Docusaurus site's) is titled once, not "Title | Title".
      head: this.head(home.title === this.config.title ? undefined : home.title, home.description, '/'),
      cards: home.features.map((feature) => ({ title: feature.title, description: feature.description, href: feature.href })),
    };
  }

  /**
   * What a doc's data would fail on, found in assemble like every other content error although
   * its data is made later (TemplatePage): a pagination link to no doc.
   */
  checkDoc(doc: DocPage): void {
    // Read by name, not by a key in a loop: on every doc of every save (~40 ms at 100,000 docs).
    const { paginationPrev, paginationNext } = doc.source.frontMatter;
    if (paginationPrev !== undefined) this.pagination(doc, 'paginationPrev', undefined);
    if (paginationNext !== undefined) this.pagination(doc, 'paginationNext', undefined);
  }

  doc(doc: DocPage): DocPageData {
    const { html } = doc;
    return this.docData(doc, html, html.includes(DOC_CARD_LIST_MARKER));
  }

  /**
   * A doc page's key where the build keeps its doc's HTML key (`npm start`), else its data. The
   * key reads the HTML as its digest, so keying a page reads no HTML; and it is the last build's
   * while the doc object and the site stamp are the same, so a save keys only its own doc's page
   * when it changes nothing the other pages show (a large site's keys took ~30 µs a page).
   */
  docKey(doc: DocPage): DocPageData | string {
    const known = this.htmlKeys?.get(doc);
    if (!known) return this.doc(doc);
    // Its own date is the only one a page shows: an uncommitted doc's changes with each save.
    // Compared apart, not joined: a joined text, new on every save, cost ~1 µs a page to make and compare.
    const stamp = this.stamp();
    const updated = this.updated.get(doc.source.absPath);
    if (known.page?.stamp !== stamp || known.page.updated !== updated) {
      // The HTML and the table of contents as their digests: neither is read back from the cache's file to key the page.
      const data = this.docData(doc, `\u0000html:${known.digest}`, known.cards, NO_TOC);
      known.page = { stamp, updated, key: pageKey({ ...data, toc: `\u0000toc:${known.toc}` }) };
    }
    return known.page.key;
  }

  /**
   * The key of a page made from the site-wide parts (a category or tag page), or its data where the
   * build keeps no keys (a production build). The key is kept with `owner`, the part its data is
   * made from: parts are made anew whenever any doc's site-wide facts, the categories or the
   * configuration change (lib/assemble/site-parts.ts), which is all such a page's data reads.
   */
  partKey(owner: object, route: string, data: () => object): object | string {
    if (!this.htmlKeys) return data();
    let keys = partKeys.get(owner);
    if (!keys) partKeys.set(owner, (keys = new Map()));
    let key = keys.get(route);
    if (key === undefined) keys.set(route, (key = pageKey(data())));
    return key;
  }

  /**
   * A digest of everything a doc page's data reads besides its own doc and date (docData): the
   * configuration, the sidebars (their labels, order, categories and which a page shows), what a
   * page reads of other docs (a card's description, a pagination link's id, label and route) and
   * the tag pages. What docData reads must be here, in the doc itself or in its date.
   */
  stamp(): string {
    if (this.stampText !== undefined) return this.stampText;
    const known = stampOfLayout.get(this.layout);
    if (known !== undefined) return (this.stampText = known);
    let others = '';
    for (const doc of this.docs) {
      let shown = shownOfDoc.get(doc);
      if (shown === undefined) shownOfDoc.set(doc, (shown = JSON.stringify([doc.route, doc.id, doc.sidebarLabel, doc.description, doc.source.frontMatter.paginationLabel])));
      others += `${shown}\n`;
    }
    const stamp = keyOf([this.config, this.layout.key(), keyOfText(others), [...this.tagRoutes]]);
    stampOfLayout.set(this.layout, stamp);
    return (this.stampText = stamp);
  }

  private docData(doc: DocPage, html: string, cards: boolean, toc = doc.toc): DocPageData {
    const { config, layout } = this;
    const fm = doc.source.frontMatter;
    const neighbours = doc.inSidebar ? layout.neighbours(doc.route) : { previous: undefined, next: undefined };
    const previous = this.pagination(doc, 'paginationPrev', neighbours.previous);
    const next = this.pagination(doc, 'paginationNext', neighbours.next);
    const markdownUrl = this.url(`${doc.route}index.md`);
    const routes = doc.changes.length > 0 ? feedRoutes(doc.route) : undefined;
    const feeds = routes && { atom: this.url(routes.atom), json: this.url(routes.json) };
    const alternates = [
      { type: 'text/markdown', href: markdownUrl, title: `${doc.title} (markdown)` },
      ...(feeds ? [
        { type: 'application/atom+xml', href: feeds.atom, title: `${doc.title} (${PAGE_TEXTS.atomFeed})` },
        { type: 'application/feed+json', href: feeds.json, title: `${doc.title} (${PAGE_TEXTS.jsonFeed})` },
      ] : []),
    ];
    const updated = this.updated.get(doc.source.absPath);
    const day = fm.lastUpdate?.date ?? (updated === undefined ? undefined : new Date(updated).toISOString().slice(0, 10));
    const author = fm.lastUpdate?.author;
    const image = doc.image && { ...doc.image, url: doc.image.url.startsWith('/') ? `${config.url}${doc.image.url}` : doc.image.url };
    return {
      head: { ...this.head(doc.title, doc.description, doc.route), keywords: doc.keywords, alternates, ...(image ? { image } : {}) },
      noIndex: doc.unlisted,
      sidebar: this.sidebarMarks(doc.route),
      toc,
      breadcrumbs: doc.inSidebar ? { trail: this.trail(doc.route), current: doc.sidebarLabel } : undefined,
      markdownUrl,
      heading: doc.hasH1 || fm.hideTitle ? undefined : doc.title,
      html,
      docCards: cards ? this.docCards(doc.route) : undefined,
      feeds,
      tags: doc.unlisted ? doc.tags.filter((tag) => this.tagRoutes.has(tag.route)) : doc.tags,
      editUrl: fm.customEditUrl === null ? undefined : fm.customEditUrl ?? (config.docs.editUrl && `${config.docs.editUrl}${doc.source.file}`),
      lastUpdated: day === undefined ? undefined : { date: day, text: formatDay(day), ...(author ? { author } : {}) },
      previous,
      next,
    };
  }

  /**
   * "Previous"/"Next" of a doc: the sidebar's neighbour, or the doc front matter names (null: none).
   * A page linked this way is labelled by its `pagination_label` when it has one.
   */
  private pagination(doc: DocPage, key: 'paginationPrev' | 'paginationNext', neighbour: NavLink | undefined): NavLink | undefined {
    const wanted = doc.source.frontMatter[key];
    if (wanted === null) return undefined;
    let link = neighbour;
    if (wanted !== undefined) {
      const target = this.ids.get(wanted);
      if (!target) {
        const name = key === 'paginationPrev' ? 'pagination_prev' : 'pagination_next';
        throw new BuildError({ file: doc.source.file, line: doc.source.frontMatter.lines[key] }, `${name} is "${wanted}", but no doc has that id.`,
          'Use the id of a doc (its path under the docs folder without extension and number prefixes), or null for no link.');
      }
      link = { label: target.sidebarLabel, route: target.route };
    }
    const label = link && this.docsByRoute.get(link.route)?.source.frontMatter.paginationLabel;
    return link && label ? { ...link, label } : link;
  }

  /** A generated category index: its description and one card per child page or sub-category. */
  category(category: SidebarCategory, route: string): CategoryPageData {
    const description = category.description ?? PAGE_TEXTS.categoryItems(category.items.length);
    const { previous, next } = this.layout.neighbours(route);
    return {
      head: this.head(category.label, description, route),
      sidebar: this.sidebarMarks(route),
      trail: this.trail(route),
      label: category.label,
      description,
      cards: category.items.flatMap((item) => this.card(item)),
      previous,
      next,
    };
  }

  tagsIndex(tags: TagGroup[], route: string): TagsListPageData {
    return {
      head: this.head(PAGE_TEXTS.tagsTitle, 'Every topic of the documentation, with the number of pages that cover it.', route),
      letters: groupTagsByLetter(tags).map((group) => ({
        letter: group.letter,
        tags: group.tags.map((tag) => ({ label: tag.label, slug: tag.slug, route: tag.route, count: tag.docs.length })),
      })),
    };
  }

  /** One page of a tag (tagPages in lib/assemble/tags.ts): the only one for most tags. */
  tag(tag: TagGroup, slice: TagPageSlice, tagsRoute: string): TagPageData {
    const heading = PAGE_TEXTS.docsTagged(tag.docs.length, tag.label);
    const docs = slice.docs.map((doc) => ({ route: doc.route, title: doc.title, description: doc.description }));
    if (slice.pages === 1) return { head: this.head(heading, `Documentation pages about ${tag.label}.`, tag.route), heading, tagsRoute, docs };
    const label = PAGE_TEXTS.pageOf(slice.page, slice.pages);
    const neighbour = (page: number) => (page >= 1 && page <= slice.pages ? { label: PAGE_TEXTS.pageOf(page, slice.pages), route: tagPageRoute(tag, page) } : undefined);
    return {
      head: this.head(`${heading}, ${label.toLowerCase()}`, `Documentation pages about ${tag.label}, ${label.toLowerCase()}.`, slice.route),
      heading,
      tagsRoute,
      docs,
      pagination: { label, previous: neighbour(slice.page - 1), next: neighbour(slice.page + 1) },
    };
  }

  standalone(page: StandalonePage): MarkdownPageData {
    return {
      head: { ...this.head(page.title, page.description, page.route), keywords: page.keywords },
      heading: page.hasH1 ? undefined : page.title,
      html: page.html,
      toc: page.toc,
    };
  }

  search(route: string): SearchPageData {
    const categories = this.layout.root.flatMap((item) => {
      if (item.type === 'doc') return [{ label: item.label, route: item.route }];
      if (item.type === 'category') {
        const target = item.route ?? firstRoute(item.items);
        return target ? [{ label: item.label, route: target }] : [];
      }
      return [];
    });
    return { head: this.head(TEXTS.searchPageTitle, TEXTS.searchPageTitle, route), categories };
  }

  /** The sidebar the page at the route shows, the page marked current and the categories leading to it open. */
  private sidebarMarks(route: string): SidebarMarks {
    const items = this.layout.sidebarOf(route);
    const key = sidebarKey(items);
    this.sidebars.set(key, items);
    return { key, current: route, open: openCategories(items).get(route) ?? [] };
  }

  private trail(route: string): Crumb[] {
    return this.layout.trailOf(route).map((category) => ({ label: category.label, route: category.route }));
  }

  /**
   * A DocCardList's cards, as Docusaurus shows them: the items of the category the doc is the page
   * of, else of the category holding the doc (without the doc itself); none outside every category.
   */
  private docCards(route: string): Card[] {
    const category = findCategory(this.layout.sidebarOf(route), route) ?? this.layout.trailOf(route).at(-1);
    if (!category) return [];
    return category.items.filter((item) => !(item.type === 'doc' && item.route === route)).flatMap((item) => this.card(item));
  }

  private card(item: SidebarItem): Card[] {
    if (item.type === 'doc') {
      return [{ icon: 'doc', title: item.label, description: this.docsByRoute.get(item.route)?.description ?? '', href: item.route }];
    }
    if (item.type === 'link') return [{ icon: 'link', title: item.label, description: item.href, href: item.href }];
    const href = item.route ?? firstRoute(item.items);
    if (!href) return [];
    return [{ icon: 'category', title: item.label, description: item.description ?? PAGE_TEXTS.categoryItems(item.items.length), href }];
  }

  private head(title: string | undefined, description: string, route: string): PageHead {
    return { title, description, canonical: absoluteUrl(this.config, route), alternates: [] };
  }

  /** A route as the pages link it: under the base URL. */
  private url(route: string): string {
    return `${this.config.baseUrl}${route.slice(1)}`;
  }
}

export function notFoundPageData(docsRoute: string): NotFoundPageData {
  return {
    head: { title: PAGE_TEXTS.notFoundTitle, description: PAGE_TEXTS.notFoundLead, canonical: undefined, alternates: [] },
    docsRoute,
  };
}

/** "Nov 23, 2026", as the classic theme writes it (UTC, so every build agrees). */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Formatted dates by day: a large site has thousands of pages and few distinct days. */
const formatted = new Map<string, string>();
function formatDay(day: string): string {
  let text = formatted.get(day);
  if (text === undefined) formatted.set(day, (text = DATE_FORMAT.format(new Date(day))));
  return text;
}

const openByRoute = new WeakMap<SidebarItem[], Map<string, number[]>>();

/**
 * For each route of a sidebar, the collapsed categories shown open on its page (those leading to
 * it, and its own): one walk per sidebar, so marking every page stays linear in the site's size.
 * Categories are numbered depth first from 1, as the render stage counts them.
 */
function openCategories(items: SidebarItem[]): Map<string, number[]> {
  let found = openByRoute.get(items);
  if (found) return found;
  const byRoute = new Map<string, Set<number>>();
  const mark = (route: string, numbers: number[]) => {
    if (numbers.length === 0) return;
    const set = byRoute.get(route) ?? new Set<number>();
    for (const number of numbers) set.add(number);
    byRoute.set(route, set);
  };
  let number = 0;
  const walk = (list: SidebarItem[], collapsed: number[]) => {
    for (const item of list) {
      if (item.type === 'doc') mark(item.route, collapsed);
      if (item.type !== 'category') continue;
      number += 1;
      const inner = item.collapsed ? [...collapsed, number] : collapsed;
      if (item.route !== undefined) mark(item.route, inner);
      walk(item.items, inner);
    }
  };
  walk(items, []);
  found = new Map([...byRoute].map(([route, set]) => [route, [...set].sort((a, b) => a - b)]));
  openByRoute.set(items, found);
  return found;
}
