// Assemble: the docs sidebar, from the folder tree and _category_ files, and what derives from
// it: which sidebar a page shows, previous/next order and breadcrumbs.
import type { CategorySource } from '../load/content.ts';
import type { LinkItem } from '../load/config.ts';
import { keyOf } from '../runtime/build-cache.ts';
import type { DocPage, NavLink, SidebarCategory, SidebarItem } from '../model.ts';

interface Orderable {
  position: number | undefined;
  sortName: string;
}

/** Ascending position; unpositioned after positioned; ties by file name (code-unit order, so "-" sorts before "."). */
export function compareOrder(a: Orderable, b: Orderable): number {
  if (a.position !== undefined && b.position !== undefined && a.position !== b.position) return a.position - b.position;
  if (a.position !== undefined && b.position === undefined) return -1;
  if (a.position === undefined && b.position !== undefined) return 1;
  return a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0;
}

export function buildSidebar(docs: DocPage[], categories: CategorySource[], extraLinks?: { label: string; items: LinkItem[] }): SidebarItem[] {
  const linkedDocIds = new Set(categories.map((category) => category.linkDocId).filter(Boolean));
  const docsById = new Map(docs.map((doc) => [doc.id, doc]));

  // Docs and categories by their parent folder, so each level reads only its own.
  const docsByDir = new Map<string, DocPage[]>();
  for (const doc of docs) {
    const list = docsByDir.get(doc.source.dir);
    if (list) list.push(doc);
    else docsByDir.set(doc.source.dir, [doc]);
  }
  const categoriesByParent = new Map<string, CategorySource[]>();
  for (const category of categories) {
    const parent = category.dir.includes('/') ? category.dir.slice(0, category.dir.lastIndexOf('/')) : '';
    const list = categoriesByParent.get(parent);
    if (list) list.push(category);
    else categoriesByParent.set(parent, [category]);
  }

  function level(dir: string): SidebarItem[] {
    const entries: (Orderable & { item: () => SidebarItem })[] = [];
    for (const doc of docsByDir.get(dir) ?? []) {
      if (!doc.inSidebar || linkedDocIds.has(doc.id)) continue;
      entries.push({
        position: doc.source.position, sortName: doc.source.sortName,
        item: () => ({ type: 'doc', id: doc.id, label: doc.sidebarLabel, route: doc.route,
          ...(doc.source.frontMatter.sidebarClassName ? { className: doc.source.frontMatter.sidebarClassName } : {}) }),
      });
    }
    for (const category of categoriesByParent.get(dir) ?? []) {
      entries.push({
        position: category.position, sortName: category.sortName,
        item: () => ({
          type: 'category',
          label: category.label,
          route: category.indexRoute ?? (category.linkDocId ? docsById.get(category.linkDocId)?.route : undefined),
          description: category.description,
          items: level(category.dir),
          collapsed: category.collapsed,
        }),
      });
    }
    return entries.sort(compareOrder).map((entry) => entry.item());
  }

  const items = level('');
  if (extraLinks && extraLinks.items.length > 0) {
    items.push({
      type: 'category', label: extraLinks.label, route: undefined, description: undefined, collapsed: false,
      items: extraLinks.items.map((link) => ({ type: 'link', label: link.label, href: link.href })),
    });
  }
  return items;
}

/** Every page the sidebar reaches, in reading order: the previous/next sequence. */
export function flattenSidebar(items: SidebarItem[]): NavLink[] {
  const out: NavLink[] = [];
  for (const item of items) {
    if (item.type === 'doc') out.push({ label: item.label, route: item.route });
    else if (item.type === 'category') {
      if (item.route) out.push({ label: item.label, route: item.route });
      out.push(...flattenSidebar(item.items));
    }
  }
  // A category linked to a doc lists that route once.
  const seen = new Set<string>();
  return out.filter((link) => !seen.has(link.route) && Boolean(seen.add(link.route)));
}

export function containsRoute(category: SidebarCategory, route: string): boolean {
  return category.items.some((item) =>
    (item.type === 'doc' && item.route === route) ||
    (item.type === 'category' && (item.route === route || containsRoute(item, route))));
}

export function findCategory(items: SidebarItem[], route: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.route === route) return item;
    const found = findCategory(item.items, route);
    if (found) return found;
  }
  return undefined;
}

/** The first page a category leads to: its own index page, else its first doc, depth first. */
export function firstRoute(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.route;
    if (item.type === 'category') {
      const found = item.route ?? firstRoute(item.items);
      if (found) return found;
    }
  }
  return undefined;
}

/** What the pages show of the sidebar tree: per route, its sidebar, previous/next and breadcrumbs. */
export interface SidebarLayout {
  /** The sidebar of pages outside every section (and of the search page's category list). */
  root: SidebarItem[];
  /** The sidebar a page shows. */
  sidebarOf(route: string): SidebarItem[];
  /** Neighbours in the reading order of the page's own sidebar. */
  neighbours(route: string): { previous: NavLink | undefined; next: NavLink | undefined };
  /** The categories leading to a route, outermost first (the page itself excluded). */
  trailOf(route: string): SidebarCategory[];
}

/**
 * One sidebar for all docs, or (`docs.sidebarPerFolder`) one per top-level folder, as large sites
 * need: a page then embeds its section's links only, and the pages outside every section show the
 * top-level docs and one link per section. Everything is computed in one pass over the tree, so
 * the cost stays linear in the number of pages.
 */
export function layoutSidebar(tree: SidebarItem[], perFolder: boolean): SidebarLayout {
  const sections = perFolder ? tree.filter((item): item is SidebarCategory => item.type === 'category') : [];
  const root = perFolder
    ? tree.flatMap((item): SidebarItem[] => {
      if (item.type !== 'category') return [item];
      const route = item.route ?? firstRoute(item.items);
      // A category without pages (the external links of site.yml) stays as it is.
      return route ? [{ type: 'doc', id: route, label: item.label, route }] : [item];
    })
    : tree;
  const sidebarByRoute = new Map<string, SidebarItem[]>();
  const neighbours = new Map<string, { previous: NavLink | undefined; next: NavLink | undefined }>();
  for (const sidebar of [...sections.map((section) => [section]), root]) {
    const order = flattenSidebar(sidebar);
    order.forEach((link, index) => {
      if (sidebarByRoute.has(link.route)) return;
      sidebarByRoute.set(link.route, sidebar);
      neighbours.set(link.route, { previous: order[index - 1], next: order[index + 1] });
    });
  }
  const trails = new Map<string, SidebarCategory[]>();
  const walk = (items: SidebarItem[], trail: SidebarCategory[]) => {
    for (const item of items) {
      if (item.type === 'doc' && !trails.has(item.route)) trails.set(item.route, trail);
      if (item.type !== 'category') continue;
      if (item.route && !trails.has(item.route)) trails.set(item.route, trail);
      walk(item.items, [...trail, item]);
    }
  };
  walk(tree, []);
  return {
    root,
    sidebarOf: (route) => sidebarByRoute.get(route) ?? root,
    neighbours: (route) => neighbours.get(route) ?? { previous: undefined, next: undefined },
    trailOf: (route) => trails.get(route) ?? [],
  };
}

const keys = new WeakMap<SidebarItem[], string>();

/**
 * Names a sidebar by its content, once per sidebar: pages with the same sidebar carry the same key
 * (the client keeps the sidebar in place between them; `npm start` re-renders a page when it changes).
 */
export function sidebarKey(items: SidebarItem[]): string {
  let key = keys.get(items);
  if (key === undefined) keys.set(items, (key = keyOf(items).slice(0, 12)));
  return key;
}
