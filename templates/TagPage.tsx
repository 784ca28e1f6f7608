import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { TagPageData } from '../lib/model.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/** /docs/tags/{tag}/: "N docs tagged with …" and each doc with its description. */
export function TagPage({ head, heading, tagsRoute, docs }: TagPageData) {
  return (
    <Layout head={head}>
      <main id={IDS.main} className="container container--narrow" tabIndex={-1}>
        <header className="tag-page__header">
          <h1>{heading}</h1>
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
      </main>
    </Layout>
  );
}
