// Transform, MDX: components whose content is known only once more than the element is: TOCInline
// lists the page's own headings, which are all known only when the whole page is rendered, so it
// leaves a marker that fillTocInline replaces at the end of the page's transform. DocCardList lists
// the items of the sidebar category the page belongs to, which the transform does not know: it
// becomes DOC_CARD_LIST_MARKER, where the doc template puts the cards of the doc's sidebar category
// (lib/assemble/page-data.ts finds them, templates/DocPage.tsx places them).
import { randomUUID } from 'node:crypto';
import { DOC_CARD_LIST_MARKER } from '../../common/constants.ts';
import { escapeHtml } from './highlight.ts';
import type { JsxToken } from './mdx-components.ts';
import { at, type PageState } from './page-state.ts';
import type { TocItem } from './types.ts';


interface TocRequest {
  marker: string;
  min: number;
  max: number;
}

/** Per page: a marker content cannot write (random), and the TOCInline elements waiting for the headings. */
const requests = new WeakMap<PageState, { nonce: string; tocs: TocRequest[] }>();

export function tocInlineMarker(page: PageState, min: number, max: number): string {
  let state = requests.get(page);
  if (!state) {
    state = { nonce: randomUUID(), tocs: [] };
    requests.set(page, state);
  }
  const marker = `<!--toc-inline ${state.nonce} ${state.tocs.length}-->`;
  state.tocs.push({ marker, min, max });
  return `${marker}\n`;
}

/** The page's HTML with each TOCInline marker replaced by a nested list of its headings. */
export function fillTocInline(html: string, page: PageState): string {
  const state = requests.get(page);
  if (!state) return html;
  let filled = html;
  for (const { marker, min, max } of state.tocs) {
    filled = filled.replace(`${marker}\n`, () => tocList(page.headings.filter((heading) => heading.level >= min && heading.level <= max)));
  }
  return filled;
}

/** Headings as nested lists: a deeper heading opens a list inside the entry before it. */
function tocList(headings: TocItem[]): string {
  if (headings.length === 0) return '';
  let html = '<ul class="toc-inline">\n';
  // The level of each open list; the first holds the page's top headings.
  const levels: number[] = [];
  for (const heading of headings) {
    const top = levels[levels.length - 1];
    if (top === undefined) levels.push(heading.level);
    else if (heading.level > top) {
      html += '\n<ul>\n';
      levels.push(heading.level);
    } else {
      html += '</li>\n';
      while (levels.length > 1 && heading.level < (levels[levels.length - 1] ?? 0)) {
        levels.pop();
        html += '</ul>\n</li>\n';
      }
    }
    html += `<li><a href="#${escapeHtml(heading.id)}">${heading.html}</a>`;
  }
  html += '</li>\n';
  for (let depth = levels.length; depth > 1; depth--) html += '</ul>\n</li>\n';
  return `${html}</ul>\n`;
}

export function docCardListMarker(page: PageState, token: JsxToken): string {
  if (token.tag.attributes.some((attribute) => attribute.name === 'items')) {
    page.ctx.diagnostics.warn(at(page, token), `<${token.tag.name} items={…}> cannot be read without running the page; the cards of the page's own sidebar category are shown instead.`);
  }
  return `${DOC_CARD_LIST_MARKER}\n`;
}
