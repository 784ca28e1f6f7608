// Stage 2: markdown → HTML with our extensions, plus what the later stages need from each page:
// its h1, first paragraph, headings (for the table of contents and anchors) and internal links.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Marked, type Token, type Tokens } from 'marked';
import { AssetRejected } from '../assets/asset-rejected.ts';
import { BuildError } from '../diagnostics.ts';
import { createHeadingSlugger } from '../slug.ts';
import { admonitionExtension, startInParagraph, type MarkupProblemToken } from './admonitions.ts';
import { escapeHtml, highlight, parseLineRanges, splitHighlightedLines } from './highlight.ts';
import { checkMarkdownLimits } from './limits.ts';
import type { LinkRef, MarkdownContext, RenderedMarkdown, TocItem } from './types.ts';
import { PAGE_TEXTS } from '../../common/texts.ts';
import { operationMarkdown } from './operation-markdown.ts';
import { decodePath, linkTarget } from './link-target.ts';
import { checkRawHtml, isUnsafeScheme } from './raw-html.ts';
import { withoutLinks } from './toc-html.ts';
import { markChangeEntries, withDateLink, withoutDate, type ChangeEntry, type ChangeEntryMark } from './changelog.ts';

interface CodeMeta {
  lang: string;
  title: string | undefined;
  tab: string | undefined;
  /** The "{1,3-5}" line ranges as written; parsed against the block's line count when it renders. */
  ranges: string | undefined;
}

export function parseCodeInfo(info: string | undefined): CodeMeta {
  const text = (info ?? '').trim();
  const lang = /^[^\s{]*/.exec(text)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)')`).exec(text);
  const title = attribute('title');
  const tab = attribute('tab');
  const ranges = /\{([\d,\s-]+)\}/.exec(text);
  return {
    lang,
    title: title ? (title[1] ?? title[2]) : undefined,
    tab: tab ? (tab[1] ?? tab[2]) : undefined,
    ranges: ranges?.[1],
  };
}

interface CodeTabsToken extends Tokens.Generic {
  type: 'codeTabs';
  items: Tokens.Code[];
}

interface OperationToken extends Tokens.Generic {
  type: 'operation';
  id: string;
  tokens: Token[];
}

const OPERATION = /^::operation[ \t]+([A-Za-z0-9_.-]+)[ \t]*(?:\n+|$)/;
const EXPLICIT_ID = /[ \t]*\{#([A-Za-z0-9_-]+)\}[ \t]*$/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function renderMarkdown(source: string, ctx: MarkdownContext): RenderedMarkdown {
  const lineOf = new WeakMap<object, number>();
  const explicitIds = new WeakMap<object, string>();
  const headings: TocItem[] = [];
  const links: LinkRef[] = [];
  const anchors: string[] = [];
  const slugger = createHeadingSlugger();
  // Ids given so far, so that a second "{#same}" is reported (a link would reach only the first).
  const ids = new Set<string>();
  const operations: string[] = [];
  let h1: string | undefined;
  let firstParagraph: string | undefined;
  // Each table's scroll region is a landmark, so it needs a name of its own: the heading above it.
  let sectionTitle: string | undefined;
  const tableLabels = new Map<string, number>();
  let imagesSeen = 0;
  let changeMarks: Map<Tokens.ListItem, ChangeEntryMark> | undefined;
  const changes: ChangeEntry[] = [];

  const marked = new Marked({ gfm: true });
  marked.use({
    extensions: [
      admonitionExtension,
      {
        name: 'markupProblem',
        renderer(token) {
          const { problem, hint } = token as MarkupProblemToken;
          throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, problem, hint);
        },
      },
      { name: 'codeTabs', renderer: (token) => renderCodeTabs(token as CodeTabsToken) },
      {
        // "::operation createTune" renders that operation of content/api/openapi.yaml.
        name: 'operation',
        level: 'block',
        start: (src) => startInParagraph(src, /^::operation[ \t]/m),
        tokenizer(src) {
          const match = OPERATION.exec(src);
          if (!match?.[1]) return undefined;
          const operation = ctx.api?.operations.get(match[1]);
          const token: OperationToken = { type: 'operation', raw: match[0], id: match[1], tokens: [] };
          if (ctx.api && operation) this.lexer.blockTokens(operationMarkdown(ctx.api, operation), token.tokens);
          return token;
        },
        renderer(token) {
          const { id, tokens } = token as OperationToken;
          if (!ctx.api?.operations.has(id)) {
            const known = ctx.api ? [...ctx.api.operations.keys()].join(', ') : 'none (content/api/openapi.yaml is missing)';
            throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, `Unknown API operation "${id}".`, `Use an operationId of content/api/openapi.yaml: ${known}.`);
          }
          operations.push(id);
          return this.parser.parse(tokens);
        },
      },
    ],
    renderer: {
      html(token) {
        return checkRawHtml(token.text, { file: ctx.file, absPath: ctx.absPath, line: lineOf.get(token), addAsset: ctx.addAsset, embeds: ctx.embeds ?? [] });
      },
      heading(token) {
        const { tokens, depth } = token;
        const inner = this.parser.parseInline(tokens);
        const text = htmlToText(inner);
        sectionTitle = text;
        if (depth === 1) {
          h1 ??= text;
          return `<h1>${inner}</h1>\n`;
        }
        const explicit = explicitIds.get(token);
        const id = explicit ?? slugger.slug(text);
        if (explicit) {
          if (ids.has(explicit)) {
            ctx.diagnostics.warn({ file: ctx.file, line: lineOf.get(token) },
              `Duplicate heading id "#${explicit}": a heading above already has it, so links to "#${explicit}" reach only that one. Give this heading another {#id}.`);
          }
          slugger.reserve(explicit);
        }
        ids.add(id);
        headings.push({ level: depth, id, html: withoutLinks(inner), text });
        anchors.push(id);
        const label = escapeHtml(PAGE_TEXTS.directLinkTo(text));
        return `<h${depth} id="${id}" class="anchor">${inner}<a class="hash-link" href="#${id}" aria-label="${label}" title="${label}">&#8203;</a></h${depth}>\n`;
      },
      paragraph({ tokens }) {
        const inner = this.parser.parseInline(tokens);
        firstParagraph ??= htmlToText(inner) || undefined;
        return `<p>${inner}</p>\n`;
      },
      code(token) {
        return renderCode(token);
      },
      listitem(item) {
        const mark = changeMarks?.get(item);
        if (!mark) return false;
        const body = this.parser.parse(item.tokens);
        const html = withoutDate(body, mark.date);
        changes.push({ ...mark, html, text: htmlToText(html) });
        return `<li id="${mark.id}" class="changelog-entry">${withDateLink(body, mark)}</li>\n`;
      },
      link(token) {
        const inner = this.parser.parseInline(token.tokens);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        if (isUnsafeScheme(token.href)) {
          throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, `Link "${token.href}" uses a scheme that runs script or embeds a document, which is not allowed in pages.`,
            'Link to a route (/docs/…), a markdown file or an https:// address.');
        }
        if (EXTERNAL.test(token.href)) {
          const blank = /^https?:/i.test(token.href) ? ' target="_blank" rel="noopener noreferrer"' : '';
          return `<a href="${escapeHtml(token.href)}"${title}${blank}>${inner}</a>`;
        }
        return `<a href="${escapeHtml(resolveLink(token.href, lineOf.get(token)))}"${title}>${inner}</a>`;
      },
      image(token) {
        const alt = escapeHtml(token.text);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        // A page's first image is often its largest paint near the top: it loads at once, first;
        // the others when they come near the viewport.
        const loading = imagesSeen++ === 0 ? ' fetchpriority="high"' : ' loading="lazy"';
        if (EXTERNAL.test(token.href) || token.href.startsWith('/')) {
          return `<img src="${escapeHtml(token.href)}" alt="${alt}"${title}${loading} decoding="async">`;
        }
        const path = resolve(dirname(ctx.absPath), decodePath(token.href.split(/[?#]/)[0] ?? ''));
        let asset: ReturnType<MarkdownContext['addAsset']>;
        try {
          asset = ctx.addAsset(path);
        } catch (error) {
          // A file the site will not publish (outside the site, not an image …): placed at this line.
          if (!(error instanceof AssetRejected)) throw error;
          throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, `Image "${token.href}" ${error.rejection}`, error.hint);
        }
        if (!asset) {
          throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, `Image "${token.href}" not found.`,
            'Put the image file next to the page (the path is relative to the markdown file) or fix the path.');
        }
        const size = asset.width && asset.height ? ` width="${asset.width}" height="${asset.height}"` : '';
        return `<img src="${escapeHtml(asset.url)}" alt="${alt}"${title}${size}${loading} decoding="async">`;
      },
      table(token) {
        // A focusable scroll container, so wide tables scroll with the keyboard too.
        const head = token.header.map((cell) => `<th${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</th>`).join('');
        const body = token.rows
          .map((row) => `<tr>${row.map((cell) => `<td${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
          .join('\n');
        const base = sectionTitle ? `${PAGE_TEXTS.table}: ${sectionTitle}` : PAGE_TEXTS.table;
        const count = (tableLabels.get(base) ?? 0) + 1;
        tableLabels.set(base, count);
        const label = escapeHtml(count === 1 ? base : `${base} (${count})`);
        return `<section class="table-scroll" tabindex="0" aria-label="${label}">\n<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>\n</section>\n`;
      },
    },
  });

  function align(value: string | null): string {
    return value ? ` style="text-align:${value}"` : '';
  }

  function renderCode(token: Tokens.Code): string {
    const unclosed = unclosedFence(token);
    if (unclosed) {
      throw new BuildError({ file: ctx.file, line: lineOf.get(token) }, `The code block opened here with "${unclosed}" is never closed.`,
        `Add a line "${unclosed}" after the last line of code; without it, everything below shows as code.`);
    }
    const meta = parseCodeInfo(token.lang);
    const result = highlight(token.text, meta.lang);
    if (result.unknown) {
      ctx.diagnostics.warn({ file: ctx.file, line: lineOf.get(token) },
        `Unknown code language "${meta.lang}"; the block is shown as plain text.`);
    }
    const split = splitHighlightedLines(result.html);
    const highlighted = meta.ranges ? parseLineRanges(meta.ranges, split.length) : { lines: new Set<number>(), outside: [] };
    if (highlighted.outside.length > 0) {
      ctx.diagnostics.warn({ file: ctx.file, line: lineOf.get(token) },
        `Highlighted line(s) {${highlighted.outside.slice(0, 5).join(',')}${highlighted.outside.length > 5 ? ',…' : ''}} are outside the code block's ${split.length} line(s); they are ignored.`);
    }
    // A highlighted line is a block that holds its own line break; the last line has none.
    const lines = split
      .map((line, index) => {
        const end = index < split.length - 1 ? '\n' : '';
        return highlighted.lines.has(index + 1) ? `<span class="code-line code-line--highlighted">${line}${end}</span>` : `${line}${end}`;
      })
      .join('');
    const title = meta.title ? `<div class="code-block__title">${escapeHtml(meta.title)}</div>\n` : '';
    const language = result.language ?? 'text';
    return `<div class="code-block">\n${title}<pre class="code-block__pre" tabindex="0"><code class="hljs language-${language}">${lines}</code></pre>\n</div>\n`;
  }

  function renderCodeTabs(token: CodeTabsToken): string {
    const panels = token.items
      .map((item) => {
        const label = escapeHtml(parseCodeInfo(item.lang).tab ?? '');
        return `<div class="code-tabs__panel" data-tab-label="${label}">\n<p class="code-tabs__label">${label}</p>\n${renderCode(item)}</div>\n`;
      })
      .join('');
    return `<div class="code-tabs" data-tab-group>\n${panels}</div>\n`;
  }

  function resolveLink(href: string, line: number | undefined): string {
    const target = linkTarget(href, ctx, ctx.resolveDocFile);
    if (target.kind === 'same-page') {
      if (target.hash) links.push({ route: ctx.route, hash: target.hash, file: ctx.file, line });
      return href;
    }
    if (target.kind === 'not-a-doc') {
      ctx.diagnostics.warn({ file: ctx.file, line },
        `Markdown link "${href}" points to ${existsSync(target.absPath) ? 'a file that is not a doc' : 'a file that does not exist'}; the link is left as written.`);
      return href;
    }
    links.push({ route: target.route, hash: target.hash, file: ctx.file, line });
    return `${ctx.baseUrl}${target.route.slice(1)}${target.suffix}`;
  }

  checkMarkdownLimits(source, ctx);
  const tokens = marked.lexer(source.replace(/\r\n?/g, '\n'));
  annotate(tokens, source.replace(/\r\n?/g, '\n'), ctx.bodyLineOffset, lineOf, explicitIds);
  if (ctx.changelog) {
    changeMarks = markChangeEntries(tokens, ctx.file, lineOf);
    for (const mark of changeMarks.values()) {
      slugger.reserve(mark.id);
      ids.add(mark.id);
      anchors.push(mark.id);
    }
  }
  const grouped = groupCodeTabs(tokens);
  const html = marked.parser(grouped);
  return { html, h1, firstParagraph, headings, links, anchors, operations, changes };
}

/**
 * Records the file line of every token (marked keeps only `raw`), so messages can name it, and
 * strips explicit heading ids ("## Title {#id}") from the heading text.
 */
function annotate(tokens: Token[], source: string, lineOffset: number, lineOf: WeakMap<object, number>, explicitIds: WeakMap<object, string>): void {
  let offset = 0;
  let line = 1 + lineOffset;
  for (const token of tokens) {
    const found = token.raw ? source.indexOf(token.raw, offset) : -1;
    if (found >= 0) {
      line += countNewlines(source, offset, found);
      offset = found;
    }
    annotateNested(token, line, lineOf, explicitIds);
    if (found >= 0) {
      line += countNewlines(source, offset, found + token.raw.length);
      offset = found + token.raw.length;
    }
  }
}

function annotateNested(token: Token, startLine: number, lineOf: WeakMap<object, number>, explicitIds: WeakMap<object, string>): void {
  lineOf.set(token, startLine);
  if (token.type === 'heading') stripExplicitId(token as Tokens.Heading, explicitIds);
  const children: Token[] = [];
  const container = token as { tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
  if (container.tokens) children.push(...container.tokens);
  if (container.items) children.push(...container.items);
  if (container.header) for (const cell of container.header) children.push(...cell.tokens);
  if (container.rows) for (const row of container.rows) for (const cell of row) children.push(...cell.tokens);
  let cursor = 0;
  for (const child of children) {
    const found = child.raw ? token.raw.indexOf(child.raw, cursor) : -1;
    const childLine = found >= 0 ? startLine + countNewlines(token.raw, 0, found) : startLine;
    if (found >= 0) cursor = found + child.raw.length;
    annotateNested(child, childLine, lineOf, explicitIds);
  }
}

/** The opening fence of a fenced code block that runs to the end of its container unclosed, if it does. */
function unclosedFence(token: Tokens.Code): string | undefined {
  if (token.codeBlockStyle === 'indented') return undefined;
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(token.raw)?.[1];
  if (!fence) return undefined;
  const lines = token.raw.replace(/\n+$/, '').split('\n');
  const last = lines.length > 1 ? (lines[lines.length - 1] ?? '') : '';
  const closing = new RegExp(`^ {0,3}${fence}[\`~]*[ \t]*$`);
  return closing.test(last) ? undefined : fence;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

function stripExplicitId(heading: Tokens.Heading, explicitIds: WeakMap<object, string>): void {
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

/** Turns each run of consecutive code blocks that carry tab="…" into one tab group token. */
function groupCodeTabs(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let run: Tokens.Code[] = [];
  let pendingSpace: Token[] = [];
  const flush = () => {
    if (run.length > 0) out.push({ type: 'codeTabs', raw: run.map((item) => item.raw).join(''), items: run } as CodeTabsToken);
    run = [];
  };
  for (const token of tokens) {
    if ((token as { tokens?: Token[] }).tokens && (token.type === 'admonition' || token.type === 'operation')) {
      const container = token as Tokens.Generic & { tokens: Token[] };
      container.tokens = groupCodeTabs(container.tokens);
    }
    if (token.type === 'code' && parseCodeInfo((token as Tokens.Code).lang).tab !== undefined) {
      pendingSpace = [];
      run.push(token as Tokens.Code);
    } else if (token.type === 'space' && run.length > 0) {
      pendingSpace.push(token);
    } else {
      flush();
      out.push(...pendingSpace, token);
      pendingSpace = [];
    }
  }
  flush();
  out.push(...pendingSpace);
  return out;
}
