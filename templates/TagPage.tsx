import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { TagPageData } from '../lib/model.ts';
import { Pagination } from '../components/Pagination.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/**
 * /docs/tags/{tag}/: "N docs tagged with …" and each doc with its description; a tag with many docs
 * goes on at /docs/tags/{tag}/page/2/, … ("Page 2 of 5", with links to the pages before and after).
 */
export function TagPage({ head, heading, tagsRoute, docs, pagination }: TagPageData) {
  return (
    <Layout head={head}>
      <main id={IDS.main} className="container container--narrow" tabIndex={-1}>
        <header className="tag-page__header">
          <h1>{heading}</h1>
          {pagination ? <p>{pagination.label}</p> : null}
          <SmartLink href={tagsRoute}>{PAGE_TEXTS.viewAllTags}</SmartLink>
        </header>
        {docs.map((doc) => (
          <article className="tag-page__doc" key={doc.route}>
            <SmartLink href={doc.route}>
              <h2>{doc.title}</h2>
            </SmartLink>
            <p>{doc.description}</p>
          </article>
        ))}
        {pagination ? <Pagination previous={pagination.previous} next={pagination.next} /> : null}
      </main>
    </Layout>
  );
}
