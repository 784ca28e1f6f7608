import { IDS } from '../common/constants.ts';
import type { MarkdownPageData } from '../lib/model.ts';
import { TableOfContents } from '../components/TableOfContents.tsx';
import { Layout } from './Layout.tsx';

/** A standalone page from content/pages/: no docs sidebar, table of contents on the right. */
export function MarkdownPage({ head, heading, html, toc }: MarkdownPageData) {
  return (
    <Layout head={head}>
      <main id={IDS.main} className="page-layout" tabIndex={-1}>
        <article className="markdown page-layout__content">
          {heading === undefined ? null : <h1>{heading}</h1>}
          <div className="markdown__body" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
        <TableOfContents items={toc} />
      </main>
    </Layout>
  );
}
