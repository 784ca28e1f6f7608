import type { ReactNode } from 'react';
import { IDS } from '../common/constants.ts';
import type { TocItem } from '../lib/markdown/types.ts';
import { keyOf } from '../lib/build-cache.ts';
import type { SidebarItem } from '../lib/model.ts';
import { Sidebar } from '../components/Sidebar.tsx';
import { TableOfContents } from '../components/TableOfContents.tsx';

const keys = new WeakMap<SidebarItem[], string>();

/**
 * Names a sidebar by its content: pages with the same sidebar carry the same key, and the client
 * keeps the sidebar in place when it moves between them.
 */
function sidebarKey(items: SidebarItem[]): string {
  let key = keys.get(items);
  if (key === undefined) keys.set(items, (key = keyOf(items).slice(0, 12)));
  return key;
}

/** Sidebar on the left (300 px, never hidden on wide screens), content in the middle, table of contents on the right. */
export function DocsShell(props: { route: string; sidebar: SidebarItem[]; toc: TocItem[]; children: ReactNode }) {
  return (
    <div className="docs-layout">
      <aside className="docs-sidebar" id={IDS.docsSidebar} data-sidebar={sidebarKey(props.sidebar)}>
        <Sidebar items={props.sidebar} route={props.route} />
      </aside>
      <main id={IDS.main} className="docs-main" tabIndex={-1}>
        <div className="docs-content">{props.children}</div>
        <TableOfContents items={props.toc} />
      </main>
    </div>
  );
}
