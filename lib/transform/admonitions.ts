// Transform, admonitions: ":::note Title" … ":::" containers. Nest by giving the outer one more
// colons ("::::tip").
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { at, type PageState } from './page-state.ts';

export const ADMONITION_TYPES = ['note', 'tip', 'info', 'caution', 'danger'] as const;

const PATTERN = /^(:{3,})(note|tip|info|caution|danger)(?:[ \t]+([^\n]*))?\n([\s\S]*?)\n?\1[ \t]*(?:\n+|$)/;
/** Any line that opens a container: colons and a word, whether or not the word is a known type. */
const OPENING = /^(:{3,})([A-Za-z]\S*)[^\n]*(?:\n|$)/;

export interface AdmonitionToken extends Tokens.Generic {
  type: 'admonition';
  kind: string;
  title: string | undefined;
  tokens: Tokens.Generic[];
}

/**
 * Markup that cannot be rendered as written (an unknown admonition type, a container that is
 * never closed). The page renderer turns it into a build error at the token's line.
 */
export interface MarkupProblemToken extends Tokens.Generic {
  type: 'markupProblem';
  problem: string;
  hint: string;
}

/**
 * Where a block construct starts, for marked's `start` (which cuts a paragraph short where an
 * extension could begin). Only the current paragraph is searched: a paragraph ends at a blank
 * line anyway, and scanning the rest of the document for every paragraph makes long pages slow.
 */
export function startInParagraph(src: string, pattern: RegExp): number | undefined {
  const blank = /\n[ \t]*\n/.exec(src);
  const paragraph = blank ? src.slice(0, blank.index + 1) : src;
  return pattern.exec(paragraph)?.index;
}

function problemToken(raw: string, problem: string, hint: string): MarkupProblemToken {
  return { type: 'markupProblem', raw, problem, hint };
}

export const admonitionExtension: TokenizerAndRendererExtension = {
  name: 'admonition',
  level: 'block',
  start: (src) => startInParagraph(src, /^:{3,}[A-Za-z]/m),
  tokenizer(src) {
    const match = PATTERN.exec(src);
    if (!match) {
      const opening = OPENING.exec(src);
      if (!opening) return undefined;
      const [line = '', colons = ':::', kind = ''] = opening;
      const types = ADMONITION_TYPES.join(', ');
      if (!(ADMONITION_TYPES as readonly string[]).includes(kind)) {
        return problemToken(line, `Unknown admonition type "${kind}" in "${line.trim()}".`,
          `Use one of: ${types}; a title goes after a space, for example "${colons}tip Good to know".`);
      }
      return problemToken(line, `The "${colons}${kind}" admonition is never closed.`,
        `Add a line "${colons}" after its last line of content.`);
    }
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

/** Markup the admonition tokenizer could not read becomes a build error at its line. */
export function markupProblemExtension(page: PageState): TokenizerAndRendererExtension {
  return {
    name: 'markupProblem',
    renderer(token) {
      const { problem, hint } = token as MarkupProblemToken;
      throw new BuildError(at(page, token), problem, hint);
    },
  };
}
