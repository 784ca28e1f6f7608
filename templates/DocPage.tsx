import type { DocPage as DocPageData, NavLink, SidebarCategory, SidebarItem } from '../lib/model.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { DocActions } from '../components/DocActions.tsx';
import { DocMeta } from '../components/DocMeta.tsx';
import { FeedLinks } from '../components/FeedLinks.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { useSite } from '../components/SiteContext.tsx';
import { TableOfContentsMobile } from '../components/TableOfContents.tsx';
import { TagList } from '../components/TagList.tsx';
import { feedRoutes } from '../lib/assemble/feeds.ts';
import { DocsShell } from './DocsShell.tsx';
import { Layout } from './Layout.tsx';

export interface DocPageProps {
  doc: DocPageData;
  /** The sidebar this page shows (its section's, when each top-level folder has its own). */
  sidebar: SidebarItem[];
  trail: SidebarCategory[];
  previous: NavLink | undefined;
  next: NavLink | undefined;
  /** The doc's source in the repository, when site.yml names one (docs.editUrl). */
  editUrl: string | undefined;
  /** When the doc last changed (YYYY-MM-DD), from git history or the file's time. */
  lastUpdated: string | undefined;
}

export function DocPage({ doc, sidebar, trail, previous, next, editUrl, lastUpdated }: DocPageProps) {
  const { config } = useSite();
  const url = (route: string) => `${config.baseUrl}${route.slice(1)}`;
  const markdownUrl = url(`${doc.route}index.md`);
  const feeds = doc.changes.length > 0 ? feedRoutes(doc.route) : undefined;
  const alternates = [
    { type: 'text/markdown', href: markdownUrl, title: `${doc.title} (markdown)` },
    ...(feeds ? [
      { type: 'application/atom+xml', href: url(feeds.atom), title: `${doc.title} (${PAGE_TEXTS.atomFeed})` },
      { type: 'application/feed+json', href: url(feeds.json), title: `${doc.title} (${PAGE_TEXTS.jsonFeed})` },
    ] : []),
  ];
  return (
    <Layout title={doc.title} description={doc.description} route={doc.route} docs alternates={alternates}>
      <DocsShell route={doc.route} sidebar={sidebar} toc={doc.toc}>
        <article className="doc">
          <div className="doc__bar">
            {doc.inSidebar ? <Breadcrumbs trail={trail} current={doc.sidebarLabel} /> : null}
            <DocActions markdownUrl={markdownUrl} />
          </div>
          <TableOfContentsMobile items={doc.toc} />
          <div className="markdown">
            {doc.hasH1 ? null : <h1>{doc.title}</h1>}
            <div className="markdown__body" dangerouslySetInnerHTML={{ __html: doc.html }} />
          </div>
          {feeds ? <FeedLinks atom={url(feeds.atom)} json={url(feeds.json)} /> : null}
          {doc.tags.length > 0 || editUrl || lastUpdated ? (
            <footer className="doc__footer">
              {doc.tags.length > 0 ? <TagList tags={doc.tags} /> : null}
              <DocMeta editUrl={editUrl} lastUpdated={lastUpdated} />
            </footer>
          ) : null}
        </article>
        <Pagination previous={previous} next={next} />
      </DocsShell>
    </Layout>
  );
}
