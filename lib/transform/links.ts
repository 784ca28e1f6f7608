// Transform, links: to another site (opened in a new tab), to a route or a markdown file of the
// site (made a route and recorded for the link check), or to a heading of this page; a scheme that
// runs script fails the build at the link's line.
import { existsSync } from 'node:fs';
import type { RendererObject } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { isExternal, linkTarget } from './link-target.ts';
import { at, type PageState } from './page-state.ts';
import { isUnsafeScheme } from './raw-html.ts';

export function linkRenderer(page: PageState): RendererObject {
  return {
    link(token) {
      const inner = this.parser.parseInline(token.tokens);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      if (isUnsafeScheme(token.href)) {
        throw new BuildError(at(page, token), `Link "${token.href}" uses a scheme that runs script or embeds a document, which is not allowed in pages.`,
          'Link to a route (/docs/…), a markdown file or an https:// address.');
      }
      if (isExternal(token.href)) {
        const blank = /^https?:/i.test(token.href) ? ' target="_blank" rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(token.href)}"${title}${blank}>${inner}</a>`;
      }
      return `<a href="${escapeHtml(resolveLink(page, token.href, page.lineOf.get(token)))}"${title}>${inner}</a>`;
    },
  };
}

function resolveLink(page: PageState, href: string, line: number | undefined): string {
  const { ctx } = page;
  const target = linkTarget(href, ctx, ctx);
  if (target.kind === 'same-page') {
    if (target.hash) page.links.push({ route: ctx.route, hash: target.hash, file: ctx.file, line });
    return href;
  }
  if (target.kind === 'not-a-doc') {
    ctx.diagnostics.warn({ file: ctx.file, line },
      `Markdown link "${href}" points to ${existsSync(target.absPath) ? 'a file that is not a doc' : 'a file that does not exist'}; the link is left as written.`);
    return href;
  }
  page.links.push({ route: target.route, hash: target.hash, file: ctx.file, line });
  return `${ctx.baseUrl}${target.route.slice(1)}${target.suffix}`;
}
