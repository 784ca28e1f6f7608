// Render: the docs sidebars' HTML. The sidebar is the largest part of most pages (twice: beside the
// content and in the mobile menu), and all pages of a sidebar share it except for the current
// page's link and which collapsed categories are open. So its list is rendered and formatted once
// per sidebar and set of open categories, and each page swaps in its own link marked as current:
// rendering stays linear in the size of the site instead of pages × sidebar links.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ItemLink, SidebarList, type LinkedItem } from '../../components/Sidebar.tsx';
import { SiteContext, type SiteContextValue } from '../../components/SiteContext.tsx';
import { formatFragment, formattedPattern } from './format-html.ts';
import type { SidebarCategory, SidebarItem, SidebarMarks } from '../model.ts';
import { preformatted } from './preformatted.ts';

/** The site context's `sidebarHtml` for a build's sidebars (PageData.sidebars, by key). */
export function sidebarRenderer(sidebars: Map<string, SidebarItem[]>): SiteContextValue['sidebarHtml'] {
  /** Rendered lists by sidebar key, then by base URL and open categories. */
  const rendered = new Map<string, Map<string, string>>();
  /** Each sidebar's doc and category links by route, in the sidebar's order. */
  const links = new Map<string, Map<string, LinkedItem[]>>();
  return (marks, site) => {
    const items = sidebars.get(marks.key);
    if (!items) throw new Error(`No sidebar has the key ${marks.key}: page data and sidebars come from one PageData.`);
    const key = `${site.config.baseUrl} ${marks.open.join(',')}`;
    let byKey = rendered.get(marks.key);
    if (!byKey) rendered.set(marks.key, (byKey = new Map()));
    let html = byKey.get(key);
    if (html === undefined) {
      html = formatFragment(withSite(site, <SidebarList items={items} open={openSet(items, marks.open)} level={1} />));
      byKey.set(key, html);
    }
    let index = links.get(marks.key);
    if (!index) links.set(marks.key, (index = linksByRoute(items)));
    for (const item of index.get(marks.current) ?? []) {
      // The list is formatted: the link may be broken across lines there, so it is found by pattern.
      const unmarked = formattedPattern(withSite(site, <ItemLink item={item} current={false} />));
      const marked = formatFragment(withSite(site, <ItemLink item={item} current />));
      const unchanged: string = html;
      html = html.replace(unmarked, () => marked);
      if (html === unchanged) throw new Error(`The sidebar ${marks.key} has no link to ${marks.current} to mark as the current page.`);
    }
    // Formatted already: set into the page after the page's own markup is formatted.
    return preformatted(html);
  };
}

function withSite(site: SiteContextValue, element: ReactElement): string {
  return renderToStaticMarkup(<SiteContext.Provider value={site}>{element}</SiteContext.Provider>);
}

/** The categories with the given depth-first numbers (from 1; see SidebarMarks.open). */
function openSet(items: SidebarItem[], numbers: number[]): Set<SidebarCategory> {
  const wanted = new Set(numbers);
  const open = new Set<SidebarCategory>();
  let number = 0;
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      number += 1;
      if (wanted.has(number)) open.add(item);
      walk(item.items);
    }
  };
  if (wanted.size > 0) walk(items);
  return open;
}

/** The doc links and category links of a sidebar by the route they lead to. */
function linksByRoute(items: SidebarItem[]): Map<string, LinkedItem[]> {
  const found = new Map<string, LinkedItem[]>();
  const add = (key: string, item: LinkedItem) => {
    const list = found.get(key);
    if (list) list.push(item);
    else found.set(key, [item]);
  };
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'doc') add(item.route, item);
      else if (item.type === 'category') {
        if (item.route !== undefined) add(item.route, item);
        walk(item.items);
      }
    }
  };
  walk(items);
  return found;
}
