import type { DocPage as DocPageData, NavLink, SidebarCategory, SidebarItem } from '../lib/model.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { TableOfContentsMobile } from '../components/TableOfContents.tsx';
import { TagList } from '../components/TagList.tsx';
import { DocsShell } from './DocsShell.tsx';
import { Layout } from './Layout.tsx';

export interface DocPageProps {
  doc: DocPageData;
  /** The sidebar this page shows (its section's, when each top-level folder has its own). */
  sidebar: SidebarItem[];
  trail: SidebarCategory[];
  previous: NavLink | undefined;
  next: NavLink | undefined;
}

export function DocPage({ doc, sidebar, trail, previous, next }: DocPageProps) {
  return (
    <Layout title={doc.title} description={doc.description} route={doc.route} docs>
      <DocsShell route={doc.route} sidebar={sidebar} toc={doc.toc}>
        <article className="doc">
          {doc.inSidebar ? <Breadcrumbs trail={trail} current={doc.sidebarLabel} /> : null}
          <TableOfContentsMobile items={doc.toc} />
          <div className="markdown">
            {doc.hasH1 ? null : <h1>{doc.title}</h1>}
            <div className="markdown__body" dangerouslySetInnerHTML={{ __html: doc.html }} />
          </div>
          {doc.tags.length > 0 ? (
            <footer className="doc__footer">
              <TagList tags={doc.tags} />
            </footer>
          ) : null}
        </article>
        <Pagination previous={previous} next={next} />
      </DocsShell>
    </Layout>
  );
}
