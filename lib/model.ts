// The site model that the assemble stage builds and the templates read.
import type { DocSource } from './load/content.ts';
import type { MarkdownItem } from './check/sample-items.ts';
import type { ChangeEntry } from './transform/changelog.ts';
import type { LinkRef, TocItem } from './transform/types.ts';

export interface TagRef {
  label: string;
  slug: string;
  route: string;
}

export interface DocPage {
  source: DocSource;
  id: string;
  route: string;
  /** Browser title and card title: front matter title, else the h1. */
  title: string;
  sidebarLabel: string;
  description: string;
  /** Front matter keywords: the search indexes them like the description; the head lists them. */
  keywords: string[];
  /** The content as HTML; starts with the h1 when the markdown has one. */
  html: string;
  hasH1: boolean;
  /** Headings inside the page's table-of-contents levels (empty when hidden). */
  toc: TocItem[];
  tags: TagRef[];
  links: LinkRef[];
  anchors: string[];
  /** operationIds of the API description rendered on this page. */
  operations: string[];
  /** A changelog's dated entries, newest first; the build publishes them as feeds. */
  changes: ChangeEntry[];
  /** What the sample check reads of the doc (lib/check/sample-items.ts), when the transform could tell. */
  samples: MarkdownItem[] | undefined;
  inSidebar: boolean;
  /** Front matter `unlisted`: reached by its address only (see FrontMatter.unlisted). */
  unlisted: boolean;
  /** Front matter `image`: the page's own link-preview image (URL with base URL, or an https address). */
  image?: { url: string; width?: number | undefined; height?: number | undefined } | undefined;
}

export type SidebarItem =
  | { type: 'doc'; id: string; label: string; route: string; className?: string | undefined }
  | { type: 'category'; label: string; route: string | undefined; description: string | undefined; items: SidebarItem[]; collapsed: boolean }
  | { type: 'link'; label: string; href: string };

export type SidebarCategory = Extract<SidebarItem, { type: 'category' }>;

export interface NavLink {
  label: string;
  route: string;
}

export interface TagGroup {
  label: string;
  slug: string;
  route: string;
  docs: DocPage[];
}

export interface StandalonePage {
  route: string;
  file: string;
  title: string;
  description: string;
  keywords: string[];
  html: string;
  hasH1: boolean;
  toc: TocItem[];
  links: LinkRef[];
  anchors: string[];
}

// Page data: everything a template shows that is derived, computed once in assemble
// (lib/assemble/page-data.ts). Plain values only, so that a page's cache key is a digest of its
// data: a template that starts reading a new field reads it from here, and the key follows.

/** What a page's <head> shows besides the site-wide values. */
export interface PageHead {
  /** Page title without the site title; undefined for the site title alone. */
  title: string | undefined;
  description: string;
  /** `<meta name="keywords">`, when the front matter lists any. */
  keywords?: string[] | undefined;
  /** Absolute URL of the page; undefined for a page without one (404). */
  canonical: string | undefined;
  /** Other forms of the page for tools: its markdown, a changelog's feeds (`<link rel="alternate">`). */
  alternates: { type: string; href: string; title: string }[];
  /** The page's own link-preview image (absolute URL), instead of the site's. */
  image?: { url: string; width?: number | undefined; height?: number | undefined } | undefined;
}

/**
 * Which sidebar a page shows and its marks. The sidebar's HTML is rendered once per sidebar and
 * set of open categories by the render stage (SiteContextValue.sidebarHtml), not once per page.
 */
export interface SidebarMarks {
  /** A digest of the sidebar's items: pages with equal keys show the same sidebar. */
  key: string;
  /** The page's route: its links in the sidebar are marked as current. */
  current: string;
  /** Collapsed categories shown open because they lead to the page, by depth-first number from 1. */
  open: number[];
}

/** A breadcrumb: a category leading to the page, a link when it has a page of its own. */
export interface Crumb {
  label: string;
  route: string | undefined;
}

export interface Card {
  /** The category page's cards carry an icon; the home page's do not. */
  icon?: 'category' | 'doc' | 'link';
  title: string;
  description: string;
  href: string;
}

export interface HomePageData {
  head: PageHead;
  cards: Card[];
}

export interface DocPageData {
  head: PageHead;
  /** An unlisted doc asks search engines not to index it. */
  noIndex: boolean;
  sidebar: SidebarMarks;
  toc: TocItem[];
  /** The categories leading to the doc and its sidebar label; undefined for a doc outside the sidebar. */
  breadcrumbs: { trail: Crumb[]; current: string } | undefined;
  /** The doc's markdown twin (index.md). */
  markdownUrl: string;
  /** The h1 the template adds when the markdown has none. */
  heading: string | undefined;
  html: string;
  /** The cards of the doc's sidebar category, shown where its markdown holds a DocCardList (DOC_CARD_LIST_MARKER); undefined without one. */
  docCards: Card[] | undefined;
  /** A changelog's feed URLs. */
  feeds: { atom: string; json: string } | undefined;
  tags: TagRef[];
  /** The doc's source in the repository, when site.yml names one (docs.editUrl). */
  editUrl: string | undefined;
  /** When the doc last changed: the day (YYYY-MM-DD), as the page writes it, and by whom when front matter says. */
  lastUpdated: { date: string; text: string; author?: string | undefined } | undefined;
  previous: NavLink | undefined;
  next: NavLink | undefined;
}

export interface CategoryPageData {
  head: PageHead;
  sidebar: SidebarMarks;
  trail: Crumb[];
  label: string;
  description: string;
  cards: Card[];
  previous: NavLink | undefined;
  next: NavLink | undefined;
}

export interface TagPageData {
  head: PageHead;
  /** "N docs tagged with …" */
  heading: string;
  tagsRoute: string;
  docs: { route: string; title: string; description: string }[];
  /** For a tag with more than one page (lib/assemble/tags.ts): "Page 2 of 5" and its neighbours; else undefined. */
  pagination?: { label: string; previous: NavLink | undefined; next: NavLink | undefined } | undefined;
}

export interface TagsListPageData {
  head: PageHead;
  letters: { letter: string; tags: { label: string; slug: string; route: string; count: number }[] }[];
}

export interface MarkdownPageData {
  head: PageHead;
  heading: string | undefined;
  html: string;
  toc: TocItem[];
}

export interface SearchPageData {
  head: PageHead;
  /** The top of the docs sidebar as links: where a reader goes when a search finds nothing. */
  categories: NavLink[];
}

export interface NotFoundPageData {
  head: PageHead;
  docsRoute: string;
}
