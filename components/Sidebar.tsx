import { PAGE_TEXTS } from '../common/texts.ts';
import type { SidebarCategory, SidebarItem, SidebarMarks } from '../lib/model.ts';
import { CaretIcon } from './Icons.tsx';
import { useSite } from './SiteContext.tsx';
import { SmartLink } from './SmartLink.tsx';

/**
 * The docs sidebar. Categories are <details> elements, open by default, so they expand and
 * collapse without JavaScript; the current page is marked with aria-current. Its list comes
 * rendered from the site context (lib/render/sidebar-html.tsx renders SidebarList once per
 * sidebar and set of open categories, and marks each page's own link).
 */
export function Sidebar(props: { marks: SidebarMarks; label?: string }) {
  const site = useSite();
  return (
    <nav className="sidebar" aria-label={props.label ?? PAGE_TEXTS.docsSidebar}
      dangerouslySetInnerHTML={{ __html: site.sidebarHtml(props.marks, site) }} />
  );
}

export type LinkedItem = Extract<SidebarItem, { type: 'doc' }> | SidebarCategory;

export function ItemLink({ item, current }: { item: LinkedItem; current: boolean }) {
  const base = item.type === 'doc' ? 'menu__link' : 'menu__link menu__category-link';
  const className = current ? base.replace('menu__link', 'menu__link menu__link--active') : base;
  return <SmartLink href={item.route ?? ''} className={className} current={current}>{item.label}</SmartLink>;
}

export function SidebarList(props: { items: SidebarItem[]; open: Set<SidebarCategory>; level: number }) {
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
    return <li className={item.className ? `menu__item ${item.className}` : 'menu__item'}><ItemLink item={item} current={false} /></li>;
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
