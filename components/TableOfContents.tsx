import { PAGE_TEXTS } from '../common/texts.ts';
import type { TocItem } from '../lib/transform/types.ts';

interface TocNode {
  item: TocItem;
  children: TocNode[];
}

/** Nests a flat heading list by level (an h3 goes under the h2 before it). */
export function nestToc(items: TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.item.level ?? 0) >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function TocList({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul className="toc__list">
      {nodes.map((node) => (
        <li key={node.item.id}>
          <a href={`#${node.item.id}`} className="toc__link" dangerouslySetInnerHTML={{ __html: node.item.html }} />
          {node.children.length > 0 ? <TocList nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The right-hand column on wide screens. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="toc-desktop">
      <nav className="toc" aria-label={PAGE_TEXTS.onThisPage}>
        <TocList nodes={nestToc(items)} />
      </nav>
    </div>
  );
}

/** Below 997 px: a collapsed "On this page" block above the content. */
export function TableOfContentsMobile({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>{PAGE_TEXTS.onThisPage}</summary>
      <TocList nodes={nestToc(items)} />
    </details>
  );
}
