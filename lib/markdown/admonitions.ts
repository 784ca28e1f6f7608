// ":::note Title" … ":::" containers. Nest by giving the outer one more colons ("::::tip").
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './highlight.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'danger'] as const;

const PATTERN = /^(:{3,})(note|tip|info|caution|danger)(?:[ \t]+([^\n]*))?\n([\s\S]*?)\n?\1[ \t]*(?:\n+|$)/;

export interface AdmonitionToken extends Tokens.Generic {
  type: 'admonition';
  kind: string;
  title: string | undefined;
  tokens: Tokens.Generic[];
}

export const admonitionExtension: TokenizerAndRendererExtension = {
  name: 'admonition',
  level: 'block',
  start: (src) => src.match(/^:{3,}(?:note|tip|info|caution|danger)/m)?.index,
  tokenizer(src) {
    const match = PATTERN.exec(src);
    if (!match) return undefined;
    const token: AdmonitionToken = {
      type: 'admonition',
      raw: match[0],
      kind: match[2] ?? 'note',
      title: match[3]?.trim() || undefined,
      tokens: [],
    };
    this.lexer.blockTokens(match[4] ?? '', token.tokens);
    return token;
  },
  renderer(token) {
    const { kind, title, tokens } = token as AdmonitionToken;
    const heading = escapeHtml(title ?? kind);
    return `<div class="admonition admonition--${kind}">\n<p class="admonition__title">${heading}</p>\n<div class="admonition__body">\n${this.parser.parse(tokens)}</div>\n</div>\n`;
  },
};
