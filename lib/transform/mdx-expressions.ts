// Transform, MDX: `{…}` expressions in text. A comment (`{/* … */}`) is left out, as MDX does. Any
// other expression would need the page run as JavaScript: in an .mdx page it is left out with a
// warning at its line; in a .md page braces are text, as in CommonMark (Docusaurus 2 read them so).
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { readExpression } from './mdx-jsx.ts';
import { isMdxFile, warnOnce } from './mdx-state.ts';
import { at, type PageState } from './page-state.ts';

interface ExpressionToken extends Tokens.Generic {
  type: 'mdxExpression' | 'mdxExpressionBlock';
  commentOnly: boolean;
  source: string;
}

const ANY_BRACE = /\{/;
const COMMENT_BRACE = /\{[ \t]*\/[*/]/;

/** Where a `{` can open something to read: any brace in MDX, only a comment's in Markdown. */
function opening(page: PageState): RegExp {
  return isMdxFile(page) ? ANY_BRACE : COMMENT_BRACE;
}

function expressionAt(page: PageState, src: string): { length: number; commentOnly: boolean } | undefined {
  // Both openings start with "{": the inline lexer asks at every position, most of them something else.
  if (src.charCodeAt(0) !== 0x7b) return undefined;
  // "{#id}" after a heading is its explicit id (lib/transform/headings.ts), not an expression.
  if (opening(page).exec(src.slice(0, 64))?.index !== 0 || /^\{#[^\s}]*\}/.test(src)) return undefined;
  const span = readExpression(src);
  if (!span || (!span.commentOnly && !isMdxFile(page))) return undefined;
  return span;
}

function render(page: PageState, token: ExpressionToken): string {
  if (!token.commentOnly) {
    const shown = token.source.length > 40 ? `${token.source.slice(0, 40)}…` : token.source;
    warnOnce(page, 'expression', at(page, token),
      `The JavaScript expression ${shown} cannot be rendered (pages are never run); it is left out, with any other expression in this file. Write its value as text, or escape the brace as \\{ to show it.`);
  }
  return '';
}

export function expressionExtensions(page: PageState): TokenizerAndRendererExtension[] {
  return [
    {
      name: 'mdxExpressionBlock',
      level: 'block',
      tokenizer(src) {
        const indent = /^ {0,3}/.exec(src)?.[0].length ?? 0;
        if (src[indent] !== '{') return undefined;
        const span = expressionAt(page, src.slice(indent));
        if (!span) return undefined;
        const rest = /^[ \t]*(?:\n+|$)/.exec(src.slice(indent + span.length));
        if (!rest) return undefined;
        const raw = src.slice(0, indent + span.length + rest[0].length);
        return { type: 'mdxExpressionBlock', raw, commentOnly: span.commentOnly, source: src.slice(indent, indent + span.length) } satisfies ExpressionToken;
      },
      renderer: (token) => render(page, token as ExpressionToken),
    },
    {
      name: 'mdxExpression',
      level: 'inline',
      start: (src) => opening(page).exec(src)?.index,
      tokenizer(src) {
        const span = expressionAt(page, src);
        if (!span) return undefined;
        const raw = src.slice(0, span.length);
        return { type: 'mdxExpression', raw, commentOnly: span.commentOnly, source: raw } satisfies ExpressionToken;
      },
      renderer: (token) => render(page, token as ExpressionToken),
    },
  ];
}
