// Transform: loaded sources become pages: docs (with title, description, tags and table of
// contents) and the standalone pages of content/pages/.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
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
  addAsset: MarkdownContext['addAsset'];
  api?: MarkdownContext['api'];
  embeds?: MarkdownContext['embeds'];
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
    baseUrl: env.baseUrl, resolveDocFile: env.resolveDocFile, addAsset: env.addAsset, diagnostics: env.diagnostics, api: env.api,
    embeds: env.embeds, changelog: source.frontMatter.changelog,
  });
  const fm = source.frontMatter;
  const title = fm.title ?? transformed.h1 ?? lastSegment(source.id);
  return {
    source,
    id: source.id,
    route: source.route,
    title,
    sidebarLabel: fm.sidebarLabel ?? fm.title ?? transformed.h1 ?? lastSegment(source.id),
    description: fm.description ?? transformed.firstParagraph ?? title,
    html: transformed.html,
    hasH1: transformed.h1 !== undefined,
    toc: tocFor(fm, transformed),
    tags: fm.tags.map((label) => tagRef(label, env.tagsRoute)),
    links: transformed.links,
    anchors: transformed.anchors,
    operations: transformed.operations,
    changes: transformed.changes,
    samples: transformed.samples,
    inSidebar: !fm.sidebarExclude,
  };
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
        resolveDocFile: env.resolveDocFile, addAsset: env.addAsset, diagnostics: env.diagnostics, api: env.api, embeds: env.embeds,
      });
      const title = frontMatter.title ?? transformed.h1 ?? name;
      return {
        route, file, title,
        description: frontMatter.description ?? transformed.firstParagraph ?? title,
        html: transformed.html,
        hasH1: transformed.h1 !== undefined,
        toc: tocFor(frontMatter, transformed),
        links: transformed.links,
        anchors: transformed.anchors,
      };
    });
}
