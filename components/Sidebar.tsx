import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { SidebarCategory, SidebarItem } from '../lib/model.ts';
import { formatFragment } from '../lib/render/format-html.ts';
import { preformatted } from '../lib/render/preformatted.ts';
import { containsRoute } from '../lib/assemble/sidebar.ts';
import { CaretIcon } from './Icons.tsx';
import { SiteContext, useSite, type SiteContextValue } from './SiteContext.tsx';
import { SmartLink } from './SmartLink.tsx';

/**
 * The docs sidebar. Categories are <details> elements, open by default, so they expand and
 * collapse without JavaScript; the current page is marked with aria-current.
 *
 * The sidebar is the largest part of most pages (twice: beside the content and in the mobile
 * menu), and all pages of a sidebar share it except for the current page's link and which
 * collapsed categories are open. So its list is rendered once per sidebar and set of open
 * categories, and each page swaps in its own link marked as current: rendering stays linear in
 * the size of the site instead of pages × sidebar links.
 */
export function Sidebar(props: { items: SidebarItem[]; route: string; label?: string }) {
  const site = useSite();
  return (
    <nav className="sidebar" aria-label={props.label ?? PAGE_TEXTS.docsSidebar}
      dangerouslySetInnerHTML={{ __html: preformatted(sidebarList(site, props.items, props.route)) }} />
  );
}

/** Rendered lists by sidebar (the same array for every page of a build), then by site and open categories. */
const rendered = new WeakMap<SidebarItem[], Map<string, string>>();

function sidebarList(site: SiteContextValue, items: SidebarItem[], route: string): string {
  const open = new Set<SidebarCategory>();
  const numbers: number[] = [];
  let number = 0;
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      number += 1;
      if (item.collapsed && (item.route === route || containsRoute(item, route))) {
        open.add(item);
        numbers.push(number);
      }
      walk(item.items);
    }
  };
  walk(items);
  const key = `${site.config.baseUrl} ${numbers.join(',')}`;
  let byKey = rendered.get(items);
  if (!byKey) rendered.set(items, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) {
    html = formatFragment(withSite(site, <SidebarList items={items} open={open} level={1} />));
    byKey.set(key, html);
  }
  for (const item of currentItems(items, route)) {
    const marked = withSite(site, <ItemLink item={item} current />);
    html = html.replace(withSite(site, <ItemLink item={item} current={false} />), () => marked);
  }
  return html;
}

function withSite(site: SiteContextValue, element: ReactElement): string {
  return renderToStaticMarkup(<SiteContext.Provider value={site}>{element}</SiteContext.Provider>);
}

/** Each sidebar's doc and category links by route, in the sidebar's order: made once per sidebar. */
const linksByRoute = new WeakMap<SidebarItem[], Map<string, LinkedItem[]>>();

/** The doc links and category links that lead to the route. */
function currentItems(items: SidebarItem[], route: string): LinkedItem[] {
  let index = linksByRoute.get(items);
  if (!index) {
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
    linksByRoute.set(items, (index = found));
  }
  return index.get(route) ?? [];
}

type LinkedItem = Extract<SidebarItem, { type: 'doc' }> | SidebarCategory;

function ItemLink({ item, current }: { item: LinkedItem; current: boolean }) {
  const base = item.type === 'doc' ? 'menu__link' : 'menu__link menu__category-link';
  const className = current ? base.replace('menu__link', 'menu__link menu__link--active') : base;
  return <SmartLink href={item.route ?? ''} className={className} current={current}>{item.label}</SmartLink>;
}

function SidebarList(props: { items: SidebarItem[]; open: Set<SidebarCategory>; level: number }) {
  return (
    <ul className={`menu menu--level-${props.level}`}>
      {props.items.map((item, index) => (
        <SidebarEntry key={index} item={item} open={props.open} level={props.level} />
      ))}
    </ul>
  );
}

function SidebarEntry({ item, open, level }: { item: SidebarItem; open: Set<SidebarCategory>; level: number }) {
  if (item.type === 'doc') {
    return <li className="menu__item"><ItemLink item={item} current={false} /></li>;
  }
  if (item.type === 'link') {
    return (
      <li className="menu__item">
        <SmartLink href={item.href} className="menu__link menu__link--external" externalIcon>{item.label}</SmartLink>
      </li>
    );
  }
  const isOpen = !item.collapsed || open.has(item);
  const list = <SidebarList items={item.items} open={open} level={level + 1} />;
  if (!item.route) {
    return (
      <li className="menu__item menu__category">
        <details open={isOpen}>
          <summary className="menu__category-toggle">
            <span className="menu__category-label">{item.label}</span>
            <CaretIcon />
          </summary>
          {list}
        </details>
      </li>
    );
  }
  // A category with its own page: the label is a link, the caret a separate toggle.
  return (
    <li className="menu__item menu__category menu__category--linked">
      <ItemLink item={item} current={false} />
      <details open={isOpen}>
        <summary className="menu__caret" aria-label={PAGE_TEXTS.toggleCategory(item.label)} title={PAGE_TEXTS.toggleCategory(item.label)}>
          <CaretIcon />
        </summary>
        {list}
      </details>
    </li>
  );
}
