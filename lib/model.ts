// The site model that the assemble stage builds and the templates read.
import type { DocSource } from './load/content.ts';
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
  inSidebar: boolean;
}

export type SidebarItem =
  | { type: 'doc'; id: string; label: string; route: string }
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
  html: string;
  hasH1: boolean;
  toc: TocItem[];
  links: LinkRef[];
  anchors: string[];
}
