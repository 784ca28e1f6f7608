import type { ReactNode } from 'react';
import { IDS } from '../common/constants.ts';
import type { TocItem } from '../lib/transform/types.ts';
import type { SidebarMarks } from '../lib/model.ts';
import { Sidebar } from '../components/Sidebar.tsx';
import { TableOfContents } from '../components/TableOfContents.tsx';

/** Sidebar on the left (300 px, never hidden on wide screens), content in the middle, table of contents on the right. */
export function DocsShell(props: { sidebar: SidebarMarks; toc: TocItem[]; children: ReactNode }) {
  return (
    <div className="docs-layout">
      <aside className="docs-sidebar" id={IDS.docsSidebar} data-sidebar={props.sidebar.key}>
        <Sidebar marks={props.sidebar} />
      </aside>
      <main id={IDS.main} className="docs-main" tabIndex={-1}>
        <div className="docs-content">{props.children}</div>
        <TableOfContents items={props.toc} />
      </main>
    </div>
  );
}
