// Transform: a page's markdown → HTML with our extensions (one file each in lib/transform/), plus
// what the later stages need from the page: its h1, first paragraph, headings (for the table of
// contents and anchors), internal links, operations and changelog entries.
import { Marked } from 'marked';
import { admonitionExtension, markupProblemExtension } from './admonitions.ts';
import { changelogRenderer, markChangelog } from './changelog.ts';
import { codeBlockRenderer } from './code-blocks.ts';
import { codeTabsExtension, groupCodeTabs } from './code-tabs.ts';
import { headingRenderer } from './headings.ts';
import { imageRenderer } from './images.ts';
import { checkMarkdownLimits } from './limits.ts';
import { linkRenderer } from './links.ts';
import { mdxCodeBlockExtension } from './mdx-code-block.ts';
import { jsxExtensions } from './mdx-components.ts';
import { esmExtension } from './mdx-esm.ts';
import { expressionExtensions } from './mdx-expressions.ts';
import { fillTocInline } from './mdx-markers.ts';
import { isCommonMark } from './mdx-state.ts';
import { introducesOperations } from './operation-intro.ts';
import { operationExtension } from './operations.ts';
import { createPageState } from './page-state.ts';
import { paragraphRenderer } from './paragraphs.ts';
import { rawHtmlRenderer } from './raw-html.ts';
import { tableRenderer } from './tables.ts';
import { annotate } from './token-lines.ts';
import { tokenItems } from '../check/sample-items.ts';
import type { MarkdownContext, TransformedMarkdown } from './types.ts';
import { warnMath } from './unsupported.ts';

export function markdownToHtml(source: string, ctx: MarkdownContext): TransformedMarkdown {
  const page = createPageState(ctx);
  const marked = new Marked({ gfm: true });
  marked.use({
    extensions: [
      // MDX first: its imports, comments and JSX are read before anything takes them for text or HTML.
      // A page read as CommonMark has none of them; its mdx-code-block fences are unwrapped all the
      // same, as Docusaurus does before it reads a page in either format.
      mdxCodeBlockExtension, ...(isCommonMark(ctx) ? [] : [esmExtension(page), ...expressionExtensions(page), ...jsxExtensions(page)]),
      admonitionExtension(ctx.markdown?.admonitions ?? [], page), markupProblemExtension(page), codeTabsExtension(page), operationExtension(page),
    ],
    // Assigned, not spread into a literal: the V8 of Node 20 makes an object literal of spreads at
    // ~1 µs a property, and this one is made for every doc (37 → 10 µs a doc for this call).
    renderer: Object.assign({}, rawHtmlRenderer(page), headingRenderer(page), paragraphRenderer(page), codeBlockRenderer(page),
      changelogRenderer(page), linkRenderer(page), imageRenderer(page), tableRenderer(page)),
  });

  checkMarkdownLimits(source, ctx);
  const text = source.replace(/\r\n?/g, '\n');
  page.operationsIntroduced = introducesOperations(text);
  const tokens = marked.lexer(text);
  // Read for the sample check before the tokens change; without an API description it checks nothing.
  const samples = ctx.api ? tokenItems(tokens, text, ctx.bodyLineOffset) : undefined;
  annotate(tokens, text, ctx.bodyLineOffset, page.lineOf, page.explicitIds);
  warnMath(tokens, page);
  if (ctx.changelog) markChangelog(tokens, page);
  const html = fillTocInline(marked.parser(groupCodeTabs(tokens)), page);
  const { h1, firstParagraph, headings, links, anchors, operations, changes } = page;
  return { html, h1, firstParagraph, headings, links, anchors, operations, changes, samples };
}
