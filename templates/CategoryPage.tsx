import { PAGE_TEXTS } from '../common/texts.ts';
import type { DocPage, NavLink, SidebarCategory, SidebarItem } from '../lib/model.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CardIcon } from '../components/Icons.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { firstRoute } from '../lib/assemble/sidebar.ts';
import { DocsShell } from './DocsShell.tsx';
import { Layout } from './Layout.tsx';

export interface CategoryPageProps {
  category: SidebarCategory;
  route: string;
  /** The sidebar this page shows (its section's, when each top-level folder has its own). */
  sidebar: SidebarItem[];
  trail: SidebarCategory[];
  docsByRoute: Map<string, DocPage>;
  previous: NavLink | undefined;
  next: NavLink | undefined;
}

interface Card {
  icon: 'category' | 'doc' | 'link';
  title: string;
  description: string;
  href: string;
}

function card(item: SidebarItem, docsByRoute: Map<string, DocPage>): Card | undefined {
  if (item.type === 'doc') {
    return { icon: 'doc', title: item.label, description: docsByRoute.get(item.route)?.description ?? '', href: item.route };
  }
  if (item.type === 'link') return { icon: 'link', title: item.label, description: item.href, href: item.href };
  const href = item.route ?? firstRoute(item.items);
  if (!href) return undefined;
  return { icon: 'category', title: item.label, description: item.description ?? PAGE_TEXTS.categoryItems(item.items.length), href };
}

/** A generated category index: the category's description and one card per child page or sub-category. */
export function CategoryPage({ category, route, sidebar, trail, docsByRoute, previous, next }: CategoryPageProps) {
  const cards = category.items.map((item) => card(item, docsByRoute)).filter((c): c is Card => c !== undefined);
  const description = category.description ?? PAGE_TEXTS.categoryItems(category.items.length);
  return (
    <Layout title={category.label} description={description} route={route} docs>
      <DocsShell route={route} sidebar={sidebar} toc={[]}>
        <article className="doc">
          <Breadcrumbs trail={trail} current={category.label} />
          <div className="markdown">
            <h1>{category.label}</h1>
            <p className="category__description">{description}</p>
          </div>
          {cards.length > 0 ? (
            <ul className="cards">
              {cards.map((c) => (
                <li key={c.href}>
                  <SmartLink href={c.href} className="card">
                    <span className="card__title"><CardIcon kind={c.icon} />{c.title}</span>
                    <span className="card__description">{c.description}</span>
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </article>
        <Pagination previous={previous} next={next} />
      </DocsShell>
    </Layout>
  );
}
