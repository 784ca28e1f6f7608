import { IDS } from '../common/constants.ts';
import type { StandalonePage } from '../lib/model.ts';
import { TableOfContents } from '../components/TableOfContents.tsx';
import { Layout } from './Layout.tsx';

/** A standalone page from content/pages/: no docs sidebar, table of contents on the right. */
export function MarkdownPage({ page }: { page: StandalonePage }) {
  return (
    <Layout title={page.title} description={page.description} route={page.route}>
      <main id={IDS.main} className="page-layout" tabIndex={-1}>
        <article className="markdown page-layout__content">
          {page.hasH1 ? null : <h1>{page.title}</h1>}
          <div className="markdown__body" dangerouslySetInnerHTML={{ __html: page.html }} />
        </article>
        <TableOfContents items={page.toc} />
      </main>
    </Layout>
  );
}
