// Transform, tables: each in a focusable scroll region (so wide tables scroll with the keyboard
// too), named after the heading above it, since the region is a landmark.
import type { RendererObject } from 'marked';
import { PAGE_TEXTS } from '../../common/texts.ts';
import { escapeHtml } from './highlight.ts';
import type { PageState } from './page-state.ts';

export function tableRenderer(page: PageState): RendererObject {
  return {
    table(token) {
      const head = token.header.map((cell) => `<th${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</th>`).join('');
      const body = token.rows
        .map((row) => `<tr>${row.map((cell) => `<td${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
        .join('\n');
      const base = page.sectionTitle ? `${PAGE_TEXTS.table}: ${page.sectionTitle}` : PAGE_TEXTS.table;
      const count = (page.tableLabels.get(base) ?? 0) + 1;
      page.tableLabels.set(base, count);
      const label = escapeHtml(count === 1 ? base : `${base} (${count})`);
      return `<section class="table-scroll" tabindex="0" aria-label="${label}">\n<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>\n</section>\n`;
    },
  };
}

function align(value: string | null): string {
  return value ? ` style="text-align:${value}"` : '';
}
