import type { CategoryPageData } from '../lib/model.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CardList } from '../components/CardList.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { DocsShell } from './DocsShell.tsx';
import { Layout } from './Layout.tsx';

/** A generated category index: the category's description and one card per child page or sub-category. */
export function CategoryPage({ head, sidebar, trail, label, description, cards, previous, next }: CategoryPageData) {
  return (
    <Layout head={head} docs>
      <DocsShell sidebar={sidebar} toc={[]}>
        <article className="doc">
          <Breadcrumbs trail={trail} current={label} />
          <div className="markdown">
            <h1>{label}</h1>
            <p className="category__description">{description}</p>
          </div>
          {cards.length > 0 ? <CardList cards={cards} className="cards" /> : null}
        </article>
        <Pagination previous={previous} next={next} />
      </DocsShell>
    </Layout>
  );
}
