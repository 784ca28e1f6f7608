import { Fragment } from 'react';
import { DOC_CARD_LIST_MARKER } from '../common/constants.ts';
import type { DocPageData } from '../lib/model.ts';
import { CardList } from '../components/CardList.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { DocActions } from '../components/DocActions.tsx';
import { DocMeta } from '../components/DocMeta.tsx';
import { FeedLinks } from '../components/FeedLinks.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { TableOfContentsMobile } from '../components/TableOfContents.tsx';
import { TagList } from '../components/TagList.tsx';
import { DocsShell } from './DocsShell.tsx';
import { Layout } from './Layout.tsx';

export function DocPage(props: DocPageData) {
  const { head, noIndex, sidebar, toc, breadcrumbs, markdownUrl, heading, html, docCards, feeds, tags, editUrl, lastUpdated, previous, next } = props;
  // A DocCardList in the markdown: the content around it, with the category's cards in its place.
  const [first = '', ...rest] = docCards ? html.split(DOC_CARD_LIST_MARKER) : [html];
  return (
    <Layout head={head} docs noIndex={noIndex}>
      <DocsShell sidebar={sidebar} toc={toc}>
        <article className="doc">
          <div className="doc__bar">
            {breadcrumbs ? <Breadcrumbs trail={breadcrumbs.trail} current={breadcrumbs.current} /> : null}
            <DocActions markdownUrl={markdownUrl} />
          </div>
          <TableOfContentsMobile items={toc} />
          <div className="markdown">
            {heading === undefined ? null : <h1>{heading}</h1>}
            <div className="markdown__body" dangerouslySetInnerHTML={{ __html: first }} />
          </div>
          {rest.map((part, index) => (
            <Fragment key={index}>
              <CardList cards={docCards ?? []} className="cards" />
              <div className="markdown">
                <div className="markdown__body" dangerouslySetInnerHTML={{ __html: part }} />
              </div>
            </Fragment>
          ))}
          {feeds ? <FeedLinks atom={feeds.atom} json={feeds.json} /> : null}
          {tags.length > 0 || editUrl || lastUpdated ? (
            <footer className="doc__footer">
              {tags.length > 0 ? <TagList tags={tags} /> : null}
              <DocMeta editUrl={editUrl} lastUpdated={lastUpdated} />
            </footer>
          ) : null}
        </article>
        <Pagination previous={previous} next={next} />
      </DocsShell>
    </Layout>
  );
}
