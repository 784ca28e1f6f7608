// Transform, MDX: a fence of the language "mdx-code-block" is not code: Docusaurus writes it around
// MDX (imports, JSX) so that a page also reads as plain Markdown elsewhere, and renders its content
// as part of the page. So does this extension.
import type { Token, TokenizerAndRendererExtension, Tokens } from 'marked';

interface MdxCodeBlockToken extends Tokens.Generic {
  type: 'mdxCodeBlock';
  tokens: Token[];
  /** The content and its first line, counted from the token's (lib/transform/token-lines.ts). */
  body: string;
  bodyLine: number;
}

const OPENING = /^ {0,3}(`{3,}|~{3,})mdx-code-block[ \t]*\n/;

export const mdxCodeBlockExtension: TokenizerAndRendererExtension = {
  name: 'mdxCodeBlock',
  level: 'block',
  tokenizer(src) {
    const opening = OPENING.exec(src);
    if (!opening) return undefined;
    const fence = opening[1] ?? '```';
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*(?:\\n+|$)`, 'm');
    const rest = src.slice(opening[0].length);
    const close = closing.exec(rest);
    // Unclosed: marked reads it as a code block, and the code-block renderer reports the missing fence.
    if (!close) return undefined;
    const body = rest.slice(0, close.index);
    const token: MdxCodeBlockToken = { type: 'mdxCodeBlock', raw: src.slice(0, opening[0].length + close.index + close[0].length), tokens: [], body, bodyLine: 1 };
    this.lexer.blockTokens(body, token.tokens);
    return token;
  },
  renderer(token) {
    return this.parser.parse((token as MdxCodeBlockToken).tokens);
  },
};
