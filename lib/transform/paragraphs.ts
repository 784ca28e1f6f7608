// Transform, paragraphs: the first one's text is the page's default description.
import type { RendererObject } from 'marked';
import { htmlToText } from './html-text.ts';
import type { PageState } from './page-state.ts';

export function paragraphRenderer(page: PageState): RendererObject {
  return {
    paragraph({ tokens }) {
      const inner = this.parser.parseInline(tokens);
      page.firstParagraph ??= htmlToText(inner) || undefined;
      return `<p>${inner}</p>\n`;
    },
  };
}
