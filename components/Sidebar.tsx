import { TEXTS } from '../common/texts.ts';
import type { SidebarItem } from '../lib/model.ts';
import { containsRoute } from '../lib/sidebar.ts';
import { CaretIcon } from './Icons.tsx';
import { SmartLink } from './SmartLink.tsx';

/**
 * The docs sidebar. Categories are <details> elements, open by default, so they expand and
 * collapse without JavaScript; the current page is marked with aria-current.
 */
export function Sidebar(props: { items: SidebarItem[]; route: string; label?: string }) {
  return (
    <nav className="sidebar" aria-label={props.label ?? TEXTS.docsSidebar}>
      <SidebarList items={props.items} route={props.route} level={1} />
    </nav>
  );
}

function SidebarList(props: { items: SidebarItem[]; route: string; level: number }) {
  return (
    <ul className={`menu menu--level-${props.level}`}>
      {props.items.map((item, index) => (
        <SidebarEntry key={index} item={item} route={props.route} level={props.level} />
      ))}
    </ul>
  );
}

function SidebarEntry({ item, route, level }: { item: SidebarItem; route: string; level: number }) {
  if (item.type === 'doc') {
    const current = item.route === route;
    return (
      <li className="menu__item">
        <SmartLink href={item.route} className={current ? 'menu__link menu__link--active' : 'menu__link'} current={current}>
          {item.label}
        </SmartLink>
      </li>
    );
  }
  if (item.type === 'link') {
    return (
      <li className="menu__item">
        <SmartLink href={item.href} className="menu__link menu__link--external" externalIcon>{item.label}</SmartLink>
      </li>
    );
  }
  const current = item.route === route;
  const open = !item.collapsed || current || containsRoute(item, route);
  const list = <SidebarList items={item.items} route={route} level={level + 1} />;
  if (!item.route) {
    return (
      <li className="menu__item menu__category">
        <details open={open}>
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
      <SmartLink href={item.route} className={current ? 'menu__link menu__link--active menu__category-link' : 'menu__link menu__category-link'} current={current}>
        {item.label}
      </SmartLink>
      <details open={open}>
        <summary className="menu__caret" aria-label={TEXTS.toggleCategory(item.label)} title={TEXTS.toggleCategory(item.label)}>
          <CaretIcon />
        </summary>
        {list}
      </details>
    </li>
  );
}
