// Transform, MDX: JSX elements in a page. The opening tag is read by acorn-jsx (lib/transform/mdx-jsx.ts);
// the element's children are Markdown again, as in MDX. Handled here: components of the Docusaurus
// theme (Tabs/TabItem, Admonition, Details, TOCInline, DocCardList) and HTML elements written as JSX
// (`className`, `style={{…}}`, `src={logo}`), which pass the raw-HTML policy like any HTML. Any
// other component cannot be rendered without running the site's React code: it is left out with a
// warning at its line, and its Markdown children are shown in its place.
import type { Token, TokenizerAndRendererExtension, Tokens } from 'marked';
import { findClosingTag, readOpeningTag, type JsxOpeningTag } from './mdx-jsx.ts';
import { renderHtmlElement } from './mdx-html.ts';
import { isMdxFile, mdxState, warnOnce } from './mdx-state.ts';
import { componentKind, renderComponent } from './mdx-theme.ts';
import { at, type PageState } from './page-state.ts';

export interface JsxToken extends Tokens.Generic {
  type: 'mdxJsx';
  tag: JsxOpeningTag;
  tokens: Token[];
  /** Children written on the tag's line (`<summary>Title</summary>`) are inline content; others are blocks. */
  inline: boolean;
  /** The element stands as a block of its own (not inside a paragraph). */
  block: boolean;
  /** The dedented text block children were read from and its first line, counted from the token's: lib/transform/token-lines.ts places the children by it. */
  body?: string | undefined;
  bodyLine?: number | undefined;
}

interface JsxProblemToken extends Tokens.Generic {
  type: 'mdxJsxProblem';
  message: string;
}

/** HTML elements whose children are Markdown in MDX pages and in Docusaurus's own .md reading alike. */
const MARKDOWN_CONTAINERS = new Set(['details', 'summary']);

/** Elements without content or closing tag: `<img …>` reads as `<img … />`. */
export const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

/**
 * Whether an opening tag is this extension's to read. In an .mdx page every tag is JSX, as MDX
 * reads it (so `<figure>` holds Markdown and JSX children). In a .md page, plain HTML stays with
 * marked and the raw-HTML renderer, as before: only components, the Markdown containers and tags
 * with JSX attributes are read here.
 */
function isJsx(page: PageState, tag: JsxOpeningTag): boolean {
  if (!/^[a-z]/.test(tag.name) || tag.name.includes('.')) return true;
  if (MARKDOWN_CONTAINERS.has(tag.name) || isMdxFile(page)) return true;
  return tag.spreads.length > 0 || tag.attributes.some((attribute) => attribute.name === 'className' || attribute.braced);
}

/**
 * An HTML start tag as a .md page or the generator's own markup writes it (`<section class="…">`):
 * a lower-case name and attributes with quoted values (no braced value, no spread) up to its ">".
 * The JSX parser reads it as one opening tag with the same name and attributes (a ">" inside a
 * quoted value ends no tag it tries), so isJsx can be answered from the text alone.
 */
const PLAIN_HTML_TAG = /^<([a-z][\w$-]*)(?:\s+[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*\s*\/?>/;

/** Speed: a plain HTML tag in a .md page is not this extension's (see isJsx), known without running the JSX parser. */
function plainHtmlTag(page: PageState, src: string): boolean {
  if (isMdxFile(page)) return false;
  const match = PLAIN_HTML_TAG.exec(src);
  return match !== null && !MARKDOWN_CONTAINERS.has(match[1] as string) && !match[0].includes('className');
}

/** Removes the indentation every line of a block shares: MDX has no indented code, and Tabs are usually indented. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)?.[0].length ?? 0))).join('\n');
}

function countLines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

function problem(raw: string, message: string): JsxProblemToken {
  return { type: 'mdxJsxProblem', raw, message };
}

/** A closing tag with no opening one before it, at the start of src. */
const STRAY_CLOSING = /^<\/([A-Z][\w.]*|details|summary)\s*>/;

export function jsxExtensions(page: PageState): TokenizerAndRendererExtension[] {
  return [
    {
      name: 'mdxJsx',
      level: 'block',
      tokenizer(src) {
        const indent = /^ {0,3}/.exec(src)?.[0].length ?? 0;
        if (src[indent] !== '<') return undefined;
        const rest = src.slice(indent);
        const stray = STRAY_CLOSING.exec(rest);
        const lineEnd = (from: number) => /^[ \t]*(?:\n+|$)/.exec(rest.slice(from));
        if (stray) {
          const end = lineEnd(stray[0].length);
          return end ? problem(src.slice(0, indent + stray[0].length + end[0].length), `The closing tag </${stray[1]}> has no opening tag before it; it is left out.`) : undefined;
        }
        if (plainHtmlTag(page, rest)) return undefined;
        const tag = readOpeningTag(rest);
        if (!tag || !isJsx(page, tag)) return undefined;
        if (tag.selfClosing || VOID_ELEMENTS.has(tag.name)) {
          const end = lineEnd(tag.length);
          if (!end) return undefined;
          return { type: 'mdxJsx', raw: src.slice(0, indent + tag.length + end[0].length), tag, tokens: [], inline: false, block: true } satisfies JsxToken;
        }
        const close = findClosingTag(rest, tag);
        if (!close) {
          const end = /^[^\n]*(?:\n+|$)/.exec(rest.slice(tag.length))?.[0] ?? '';
          return problem(src.slice(0, indent + tag.length + end.length),
            `<${tag.name}> is never closed, so where it ends is unknown; the tag is left out. Add </${tag.name}> after its content (or write it as <${tag.name} />).`);
        }
        const end = lineEnd(close.end);
        if (!end) return undefined;
        const inner = rest.slice(tag.length, close.start);
        const token: JsxToken = { type: 'mdxJsx', raw: src.slice(0, indent + close.end + end[0].length), tag, tokens: [], inline: !inner.includes('\n'), block: true };
        if (token.inline) {
          this.lexer.inlineTokens(inner.trim(), token.tokens);
        } else {
          // The rest of the opening tag's line and the closing tag's own line hold no content.
          const startsOnNextLine = /^[ \t]*\n/.exec(inner);
          const from = startsOnNextLine ? startsOnNextLine[0].length : 0;
          const body = dedent(inner.slice(from).replace(/\n[ \t]*$/, '\n'));
          token.body = body;
          token.bodyLine = countLines(src.slice(0, indent + tag.length + from));
          this.lexer.blockTokens(body, token.tokens);
        }
        return token;
      },
      renderer(token) {
        return render(page, token as JsxToken, this.parser);
      },
    },
    {
      name: 'mdxJsx',
      level: 'inline',
      start: (src) => /<\/?[A-Za-z]/.exec(src)?.index,
      tokenizer(src) {
        if (src[0] !== '<') return undefined;
        const stray = STRAY_CLOSING.exec(src);
        if (stray) return problem(stray[0], `The closing tag </${stray[1]}> has no opening tag before it; it is left out.`);
        if (plainHtmlTag(page, src)) return undefined;
        const tag = readOpeningTag(src);
        if (!tag || !isJsx(page, tag)) return undefined;
        if (tag.selfClosing || VOID_ELEMENTS.has(tag.name)) return { type: 'mdxJsx', raw: src.slice(0, tag.length), tag, tokens: [], inline: true, block: false } satisfies JsxToken;
        const close = findClosingTag(src, tag);
        if (!close) {
          return problem(src.slice(0, tag.length),
            `<${tag.name}> is never closed in its paragraph; the tag is left out. Add </${tag.name}> before the paragraph ends (or write it as <${tag.name} />).`);
        }
        const token: JsxToken = { type: 'mdxJsx', raw: src.slice(0, close.end), tag, tokens: [], inline: true, block: false };
        this.lexer.inlineTokens(src.slice(tag.length, close.start), token.tokens);
        return token;
      },
      renderer(token) {
        return render(page, token as JsxToken, this.parser);
      },
    },
    {
      name: 'mdxJsxProblem',
      renderer(token) {
        page.ctx.diagnostics.warn(at(page, token), (token as JsxProblemToken).message);
        return '';
      },
    },
  ];
}

export interface ChildParser {
  parse(tokens: Token[]): string;
  parseInline(tokens: Token[]): string;
}

/** The children of an element as HTML. */
export function childrenHtml(token: JsxToken, parser: ChildParser): string {
  return token.inline ? parser.parseInline(token.tokens) : parser.parse(token.tokens);
}

/** The children of a component that renders as a block: text on the tag's own line is a paragraph. */
export function contentHtml(token: JsxToken, parser: ChildParser): string {
  const html = childrenHtml(token, parser);
  return token.inline && token.block && html !== '' ? `<p>${html}</p>\n` : html;
}

function render(page: PageState, token: JsxToken, parser: ChildParser): string {
  const kind = componentKind(page, token.tag.name);
  if (kind === 'html') return renderHtmlElement(page, token, parser);
  if (kind !== undefined) return renderComponent(page, token, kind, parser);
  const name = token.tag.name;
  const from = mdxState(page).imports.get(name.split('.')[0] ?? name);
  warnOnce(page, `component:${name}`, at(page, token),
    `<${name}>${from === undefined ? '' : ` (imported from "${from}")`} is a React component this generator cannot render (it would have to run the site's code); it is left out with any other <${name}> in this file, and its Markdown content is shown in its place. Replace it with Markdown, or with one of the supported components (Tabs, TabItem, Admonition, Details, TOCInline, DocCardList).`);
  return contentHtml(token, parser);
}
