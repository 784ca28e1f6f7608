// Transform: loaded sources become pages: docs (with title, description, tags and table of
// contents) and the standalone pages of content/pages/.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { AssetRejected } from '../assets/asset-rejected.ts';
import { BuildError } from '../diagnostics.ts';
import { decodePath, isExternal } from './link-target.ts';
import type { LinkRef } from './types.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from '../../common/constants.ts';
import type { DocSource } from '../load/content.ts';
import { authoredRoute } from '../load/content.ts';
import { lineOfKey, type Diagnostics } from '../diagnostics.ts';
import { splitFrontMatter, type FrontMatter } from '../load/frontmatter.ts';
import { markdownToHtml } from './markdown.ts';
import type { MarkdownContext, TransformedMarkdown, TocItem } from './types.ts';
import type { DocPage, StandalonePage } from '../model.ts';
import { readSourceText } from '../load/source-text.ts';
import { tagRef } from '../assemble/tags.ts';

export interface PageEnvironment {
  baseUrl: string;
  tagsRoute: string;
  diagnostics: Diagnostics;
  resolveDocFile: MarkdownContext['resolveDocFile'];
  docsDir?: MarkdownContext['docsDir'];
  isDocRoute?: MarkdownContext['isDocRoute'];
  addAsset: MarkdownContext['addAsset'];
  api?: MarkdownContext['api'];
  embeds?: MarkdownContext['embeds'];
  markdown?: MarkdownContext['markdown'];
}

function tocFor(frontMatter: FrontMatter, transformed: TransformedMarkdown): TocItem[] {
  if (frontMatter.hideTableOfContents) return [];
  const min = frontMatter.tocMinLevel ?? TOC_MIN_LEVEL;
  const max = frontMatter.tocMaxLevel ?? Math.max(TOC_MAX_LEVEL, min);
  return transformed.headings.filter((heading) => heading.level >= min && heading.level <= max);
}

function lastSegment(id: string): string {
  return id.split('/').pop() ?? id;
}

export function transformDoc(source: DocSource, env: PageEnvironment): DocPage {
  const transformed = markdownToHtml(source.body, {
    file: source.file, absPath: source.absPath, route: source.route, bodyLineOffset: source.bodyLineOffset,
    baseUrl: env.baseUrl, resolveDocFile: env.resolveDocFile, docsDir: env.docsDir, isDocRoute: env.isDocRoute, addAsset: env.addAsset, diagnostics: env.diagnostics, api: env.api,
    embeds: env.embeds, markdown: env.markdown, changelog: source.frontMatter.changelog, format: source.frontMatter.format ?? env.markdown?.format,
  });
  const fm = source.frontMatter;
  const title = fm.title ?? transformed.h1 ?? lastSegment(source.id);
  const image = fm.image === undefined ? undefined : previewImage(source, fm.image, env);
  return {
    source,
    id: source.id,
    route: source.route,
    title,
    sidebarLabel: fm.sidebarLabel ?? fm.title ?? transformed.h1 ?? lastSegment(source.id),
    description: fm.description ?? transformed.firstParagraph ?? title,
    keywords: fm.keywords,
    html: transformed.html,
    hasH1: transformed.h1 !== undefined,
    toc: tocFor(fm, transformed),
    tags: fm.tags.map((tag) => tagRef(tag.label, env.tagsRoute, tag.permalink)),
    links: image?.link ? [...transformed.links, image.link] : transformed.links,
    anchors: transformed.anchors,
    operations: transformed.operations,
    changes: transformed.changes,
    samples: transformed.samples,
    inSidebar: !fm.sidebarExclude && !fm.unlisted,
    unlisted: fm.unlisted,
    ...(image ? { image: image.image } : {}),
  };
}

/**
 * Front matter `image`, the page's link preview: an https address as written; a site path
 * ("/img/card.png", a file of the output, checked like a link); else a file beside the page,
 * published like the page's images, so it must be an image inside the site folder.
 */
function previewImage(source: DocSource, path: string, env: PageEnvironment): { image: NonNullable<DocPage['image']>; link?: LinkRef } {
  const where = { file: source.file, line: source.frontMatter.lines.image };
  if (isExternal(path)) {
    if (!/^https?:\/\//i.test(path)) throw new BuildError(where, `The image "${path}" is neither a file of the site nor an http(s) address.`, 'Use a path beside the page (./card.png), a site path (/img/card.png) or an https:// address.');
    return { image: { url: path } };
  }
  const clean = path.split(/[?#]/)[0] ?? '';
  if (path.startsWith('/')) {
    return { image: { url: `${env.baseUrl}${clean.slice(1)}` }, link: { route: clean, hash: undefined, file: where.file, line: where.line } };
  }
  let asset: ReturnType<PageEnvironment['addAsset']>;
  try {
    asset = env.addAsset(resolve(dirname(source.absPath), decodePath(clean)));
  } catch (error) {
    if (!(error instanceof AssetRejected)) throw error;
    throw new BuildError(where, `Image "${path}" ${error.rejection}`, error.hint);
  }
  if (!asset) throw new BuildError(where, `Image "${path}" not found.`, 'Put the image next to the page (the path is relative to the markdown file) or fix the path.');
  return { image: { url: asset.url, width: asset.width, height: asset.height } };
}

/** content/pages/NAME.md → /NAME/ */
export function loadStandalonePages(root: string, pagesDir: string, env: PageEnvironment): StandalonePage[] {
  if (!existsSync(pagesDir)) return [];
  return readdirSync(pagesDir)
    .filter((name) => name.endsWith('.md') && !name.startsWith('.'))
    .sort()
    .map((name) => {
      const absPath = join(pagesDir, name);
      const file = relative(root, absPath);
      const text = readSourceText(absPath, file);
      const { frontMatter, body, bodyLineOffset } = splitFrontMatter(text, file, env.diagnostics);
      const slugLine = frontMatter.slug === undefined ? undefined : lineOfKey(text.slice(0, text.length - body.length), 'slug');
      const route = authoredRoute('/', [], frontMatter.slug === undefined ? `/${name.slice(0, -'.md'.length)}` : frontMatter.slug.trim(), { file, line: slugLine }, 'slug');
      const transformed = markdownToHtml(body, {
        file, absPath, route, bodyLineOffset, baseUrl: env.baseUrl,
        resolveDocFile: env.resolveDocFile, docsDir: env.docsDir, isDocRoute: env.isDocRoute, addAsset: env.addAsset, diagnostics: env.diagnostics, api: env.api, embeds: env.embeds,
        markdown: env.markdown, format: frontMatter.format ?? env.markdown?.format,
      });
      const title = frontMatter.title ?? transformed.h1 ?? name;
      return {
        route, file, title,
        description: frontMatter.description ?? transformed.firstParagraph ?? title,
        keywords: frontMatter.keywords,
        html: transformed.html,
        hasH1: transformed.h1 !== undefined,
        toc: tocFor(frontMatter, transformed),
        links: transformed.links,
        anchors: transformed.anchors,
      };
    });
}
