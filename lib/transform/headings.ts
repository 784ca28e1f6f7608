// Transform, headings: the page's h1 (its title), and for h2…h6 an id (from the text, or written
// "{#id}"), a direct link, and an entry for the table of contents.
import type { RendererObject, Tokens } from 'marked';
import { PAGE_TEXTS } from '../../common/texts.ts';
import { escapeHtml } from './highlight.ts';
import { htmlToText } from './html-text.ts';
import { at, type PageState } from './page-state.ts';
import { withoutLinks } from './toc-html.ts';

const EXPLICIT_ID = /[ \t]*\{#([A-Za-z0-9_-]+)\}[ \t]*$/;

export function headingRenderer(page: PageState): RendererObject {
  return {
    heading(token) {
      const { tokens, depth } = token;
      const inner = this.parser.parseInline(tokens);
      const text = htmlToText(inner);
      page.sectionTitle = text;
      if (depth === 1) {
        page.h1 ??= text;
        return `<h1>${inner}</h1>\n`;
      }
      const explicit = page.explicitIds.get(token);
      const id = explicit ?? page.slugger.slug(text);
      if (explicit) {
        if (page.ids.has(explicit)) {
          page.ctx.diagnostics.warn(at(page, token),
            `Duplicate heading id "#${explicit}": a heading above already has it, so links to "#${explicit}" reach only that one. Give this heading another {#id}.`);
        }
        page.slugger.reserve(explicit);
      }
      page.ids.add(id);
      page.headings.push({ level: depth, id, html: withoutLinks(inner), text });
      page.anchors.push(id);
      const label = escapeHtml(PAGE_TEXTS.directLinkTo(text));
      return `<h${depth} id="${id}" class="anchor">${inner}<a class="hash-link" href="#${id}" aria-label="${label}" title="${label}">&#8203;</a></h${depth}>\n`;
    },
  };
}

/** Takes a written "{#id}" off the heading's text and records it for the heading's token. */
export function stripExplicitId(heading: Tokens.Heading, explicitIds: WeakMap<object, string>): void {
  const match = EXPLICIT_ID.exec(heading.text);
  if (!match?.[1]) return;
  explicitIds.set(heading, match[1]);
  heading.text = heading.text.slice(0, match.index);
  const last = heading.tokens[heading.tokens.length - 1];
  if (last && last.type === 'text') {
    const text = last as Tokens.Text;
    text.text = text.text.replace(EXPLICIT_ID, '');
    text.raw = text.raw.replace(EXPLICIT_ID, '');
    if (text.text === '') heading.tokens.pop();
  }
}
