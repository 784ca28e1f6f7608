// Transform, images: a file beside the page is published as a hashed asset with its width and
// height; the first image of a page loads at once, the others lazily. A missing or refused file
// fails the build at the image's line.
import { dirname, resolve } from 'node:path';
import type { RendererObject } from 'marked';
import { AssetRejected } from '../assets/asset-rejected.ts';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { decodePath, isExternal } from './link-target.ts';
import { at, type PageState } from './page-state.ts';
import type { MarkdownContext } from './types.ts';

export function imageRenderer(page: PageState): RendererObject {
  const { ctx } = page;
  return {
    image(token) {
      const alt = escapeHtml(token.text);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      // A page's first image is often its largest paint near the top: it loads at once, first;
      // the others when they come near the viewport.
      const loading = page.imagesSeen++ === 0 ? ' fetchpriority="high"' : ' loading="lazy"';
      if (isExternal(token.href)) {
        return `<img src="${escapeHtml(token.href)}" alt="${alt}"${title}${loading} decoding="async">`;
      }
      if (token.href.startsWith('/')) {
        // A file of the site ("/img/a.png" from a Docusaurus static/ folder): checked like a link, under the base URL.
        const [path = '/', hash] = token.href.split('#');
        const route = path.split('?')[0] ?? path;
        page.links.push({ route, hash: hash || undefined, file: ctx.file, line: page.lineOf.get(token) });
        return `<img src="${escapeHtml(`${ctx.baseUrl}${token.href.slice(1)}`)}" alt="${alt}"${title}${loading} decoding="async">`;
      }
      const path = resolve(dirname(ctx.absPath), decodePath(token.href.split(/[?#]/)[0] ?? ''));
      let asset: ReturnType<MarkdownContext['addAsset']>;
      try {
        asset = ctx.addAsset(path);
      } catch (error) {
        // A file the site will not publish (outside the site, not an image …): placed at this line.
        if (!(error instanceof AssetRejected)) throw error;
        throw new BuildError(at(page, token), `Image "${token.href}" ${error.rejection}`, error.hint);
      }
      if (!asset) {
        throw new BuildError(at(page, token), `Image "${token.href}" not found.`,
          'Put the image file next to the page (the path is relative to the markdown file) or fix the path.');
      }
      const size = asset.width && asset.height ? ` width="${asset.width}" height="${asset.height}"` : '';
      return `<img src="${escapeHtml(asset.url)}" alt="${alt}"${title}${size}${loading} decoding="async">`;
    },
  };
}
