// Render: the docs sidebars' HTML. The sidebar is the largest part of most pages (twice: beside the
// content and in the mobile menu), and all pages of a sidebar share it except for the current
// page's link and which collapsed categories are open. So its list is rendered and formatted once
// per sidebar and set of open categories, and each page swaps in its own link marked as current:
// rendering stays linear in the size of the site instead of pages × sidebar links. The formatted
// list's links are indexed by address once, so a page finds its own without searching the list.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ItemLink, SidebarList, type LinkedItem } from '../../components/Sidebar.tsx';
import { SiteContext, type SiteContextValue } from '../../components/SiteContext.tsx';
import { holdsAssetPlaceholder } from './asset-placeholders.ts';
import { formatFragment } from './format-html.ts';
import type { SidebarCategory, SidebarItem, SidebarMarks } from '../model.ts';
import { preformatted } from './preformatted.ts';

/**
 * Sidebars whose rendered lists and link markup are kept at once. Pages render in the docs' order,
 * so those of a sidebar come together and the last few sidebars serve nearly every page; kept for
 * every sidebar, they grew with the site (~2 KB a page, some 200 MB at 100,000 pages).
 */
const KEPT_SIDEBARS = 8;

/** What is made once for a sidebar and reused by each of its pages. */
interface SidebarWork {
  /** Rendered lists (and their links by address), by base URL and open categories. */
  rendered: Map<string, { html: string; spans: Map<string, LinkSpan[]>; placeholders: boolean }>;
  /** The sidebar's doc and category links by route, in the sidebar's order. */
  links: Map<string, LinkedItem[]>;
  /** Each link's markup, unmarked and marked as current, by base URL. */
  markups: Map<string, Map<LinkedItem, { unmarked: string; marked: string }>>;
}

/** The site context's `sidebarHtml` for a build's sidebars (PageData.sidebars, by key). */
export function sidebarRenderer(sidebars: Map<string, SidebarItem[]>): SiteContextValue['sidebarHtml'] {
  /** By sidebar key, the most recently used last. */
  const kept = new Map<string, SidebarWork>();
  return (marks, site) => {
    const items = sidebars.get(marks.key);
    if (!items) throw new Error(`No sidebar has the key ${marks.key}: page data and sidebars come from one PageData.`);
    let work = kept.get(marks.key);
    if (work) kept.delete(marks.key);
    else work = { rendered: new Map(), links: linksByRoute(items), markups: new Map() };
    kept.set(marks.key, work);
    if (kept.size > KEPT_SIDEBARS) kept.delete(kept.keys().next().value as string);
    const key = `${site.config.baseUrl} ${marks.open.join(',')}`;
    let list = work.rendered.get(key);
    if (list === undefined) {
      const html = formatFragment(withSite(site, <SidebarList items={items} open={openSet(items, marks.open)} level={1} />));
      list = { html, spans: linkSpans(html), placeholders: holdsAssetPlaceholder(html) };
      work.rendered.set(key, list);
    }
    const index = work.links;
    let markup = work.markups.get(site.config.baseUrl);
    if (!markup) work.markups.set(site.config.baseUrl, (markup = linkMarkup(site, [...index.values()].flat())));
    const { html, spans } = list;
    const swaps: { span: LinkSpan; marked: string }[] = [];
    for (const item of index.get(marks.current) ?? []) {
      const { unmarked, marked } = markup.get(item) as { unmarked: string; marked: string };
      // The list is formatted: the link may be broken across lines there, so it is compared as the formatter leaves it.
      const expected = unformatted(unmarked);
      const span = spans.get(hrefOf(unmarked))?.find((candidate) => !swaps.some((swap) => swap.span === candidate) && unformatted(html.slice(candidate.start, candidate.end)) === expected);
      if (!span) throw new Error(`The sidebar ${marks.key} has no link to ${marks.current} to mark as the current page.`);
      swaps.push({ span, marked: formatFragment(marked) });
    }
    swaps.sort((a, b) => a.span.start - b.span.start);
    let marked = '';
    let from = 0;
    for (const { span, marked: link } of swaps) {
      marked += html.slice(from, span.start) + link;
      from = span.end;
    }
    // Formatted already: set into the page after the page's own markup is formatted (and searched
    // for asset placeholders only if the list or a marked link holds one).
    return preformatted(marked + html.slice(from), list.placeholders || swaps.some((swap) => holdsAssetPlaceholder(swap.marked)));
  };
}

/**
 * Every link's markup, as the list has it and marked as current, from one render for the whole
 * sidebar (a render per page cost more than the rest of the page's sidebar): each ItemLink is one
 * <a> holding text, so the markup splits after each "</a>" (a "</a>" in a label would be escaped).
 */
function linkMarkup(site: SiteContextValue, items: LinkedItem[]): Map<LinkedItem, { unmarked: string; marked: string }> {
  const html = withSite(site, <>{items.map((item, index) => <ItemLink key={`u${index}`} item={item} current={false} />)}
    {items.map((item, index) => <ItemLink key={`m${index}`} item={item} current />)}</>);
  const pieces = html.split('</a>');
  if (pieces.length !== items.length * 2 + 1) throw new Error('A sidebar link did not render as one <a> element.');
  return new Map(items.map((item, index) => [item, { unmarked: `${pieces[index]}</a>`, marked: `${pieces[items.length + index]}</a>` }]));
}

function withSite(site: SiteContextValue, element: ReactElement): string {
  return renderToStaticMarkup(<SiteContext.Provider value={site}>{element}</SiteContext.Provider>);
}

/** Where a link of the formatted list is: from its "<a" to the end of its "</a>". */
interface LinkSpan {
  start: number;
  end: number;
}

/** Markup with the formatter's changes undone: line breaks as spaces, quotes as React writes them. */
function unformatted(markup: string): string {
  return markup.replace(/\n {0,2}/g, ' ').replace(/'/g, '&#x27;').replace(/"(?![^<]*>)/g, '&quot;');
}

/** The value of the first href attribute of some markup, as written. */
function hrefOf(markup: string): string {
  const at = markup.indexOf(' href="');
  return at === -1 ? '' : markup.slice(at + 7, markup.indexOf('"', at + 7));
}

/** Every link of a formatted list by its href as written, in order; one pass over the list. */
function linkSpans(html: string): Map<string, LinkSpan[]> {
  const spans = new Map<string, LinkSpan[]>();
  let start = nextLink(html, 0);
  while (start !== -1) {
    const close = html.indexOf('</a>', start);
    if (close === -1) break;
    const end = close + 4;
    const tagEnd = html.indexOf('>', start);
    const href = hrefOf(html.slice(start, tagEnd).replace(/\s+/g, ' '));
    const list = spans.get(href);
    if (list) list.push({ start, end });
    else spans.set(href, [{ start, end }]);
    start = nextLink(html, end);
  }
  return spans;
}

/** The next "<a" start tag from `from` (not "<abbr" or "<aside"). */
function nextLink(html: string, from: number): number {
  let at = html.indexOf('<a', from);
  while (at !== -1 && !/\s/.test(html.charAt(at + 2))) at = html.indexOf('<a', at + 2);
  return at;
}

/** The categories with the given depth-first numbers (from 1; see SidebarMarks.open). */
function openSet(items: SidebarItem[], numbers: number[]): Set<SidebarCategory> {
  const wanted = new Set(numbers);
  const open = new Set<SidebarCategory>();
  let number = 0;
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      number += 1;
      if (wanted.has(number)) open.add(item);
      walk(item.items);
    }
  };
  if (wanted.size > 0) walk(items);
  return open;
}

/** The doc links and category links of a sidebar by the route they lead to. */
function linksByRoute(items: SidebarItem[]): Map<string, LinkedItem[]> {
  const found = new Map<string, LinkedItem[]>();
  const add = (key: string, item: LinkedItem) => {
    const list = found.get(key);
    if (list) list.push(item);
    else found.set(key, [item]);
  };
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'doc') add(item.route, item);
      else if (item.type === 'category') {
        if (item.route !== undefined) add(item.route, item);
        walk(item.items);
      }
    }
  };
  walk(items);
  return found;
}
