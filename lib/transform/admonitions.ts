// Transform, admonitions: ":::note Title" … ":::" containers, the title also written
// ":::note[Title]" (Docusaurus 3); the title is inline markdown. Nest by giving the outer one more
// colons ("::::tip"). Besides the built-in types, site.yml "markdown.admonitions" adds types of
// the site's own.
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { at, type PageState } from './page-state.ts';

/**
 * Docusaurus's types (note, tip, info, warning, danger), the "caution" of its version 2 and the
 * legacy names it still reads (important looks like info, secondary like note, success like tip;
 * the stylesheet pairs them). The heading shows the type's name unless a title is given.
 */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'] as const;

/** Any line that opens a container: colons, a word (a type, whether or not a known one), and what follows it on the line. */
const OPENING = /^(:{3,})([A-Za-z][\w-]*)([^\n]*)(?:\n|$)/;
/** What may follow the type: nothing, "[Title]" or a space and the title. */
const TITLE = /^(?:\[(.*)\]|[ \t]+(.*)|)[ \t]*$/;

export interface AdmonitionToken extends Tokens.Generic {
  type: 'admonition';
  kind: string;
  /** The title's inline tokens, when a title is given. */
  titleTokens: Tokens.Generic[] | undefined;
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

/**
 * The admonition syntax. `extraTypes` are the site's own (site.yml "markdown.admonitions"); "any"
 * reads every type, for code that needs only the block structure (lib/check/samples.ts).
 */
export function admonitionExtension(extraTypes: readonly string[] | 'any'): TokenizerAndRendererExtension {
  const known = new Set<string>(extraTypes === 'any' ? [] : [...ADMONITION_TYPES, ...extraTypes]);
  const isKnown = (kind: string) => extraTypes === 'any' || known.has(kind);
  return {
    name: 'admonition',
    level: 'block',
    start: (src) => startInParagraph(src, /^:{3,}[A-Za-z]/m),
    tokenizer(src) {
      const opening = OPENING.exec(src);
      if (!opening) return undefined;
      const [line = '', colons = ':::', kind = '', rest = ''] = opening;
      if (!isKnown(kind)) {
        return problemToken(line, `Unknown admonition type "${kind}" in "${line.trim()}".`,
          `Use one of: ${[...known].join(', ')}; a title goes in brackets or after a space, for example "${colons}tip[Good to know]". A type of the site's own is listed under "markdown: admonitions:" in content/site.yml.`);
      }
      const title = TITLE.exec(rest);
      if (!title) {
        return problemToken(line, `The title of the "${colons}${kind}" admonition cannot be read in "${line.trim()}".`,
          `Write the title in brackets right after the type ("${colons}${kind}[Title]") or after a space ("${colons}${kind} Title").`);
      }
      const body = new RegExp(`^([\\s\\S]*?)(?:^|\\n)${colons}[ \\t]*(?:\\n+|$)`).exec(src.slice(line.length));
      if (!body) {
        return problemToken(line, `The "${colons}${kind}" admonition is never closed.`,
          `Add a line "${colons}" after its last line of content.`);
      }
      const titleText = (title[1] ?? title[2] ?? '').trim();
      const token: AdmonitionToken = {
        type: 'admonition',
        raw: line + body[0],
        kind,
        titleTokens: titleText ? this.lexer.inline(titleText) : undefined,
        tokens: [],
      };
      this.lexer.blockTokens(body[1] ?? '', token.tokens);
      return token;
    },
    renderer(token) {
      const { kind, titleTokens, tokens } = token as AdmonitionToken;
      const heading = titleTokens ? this.parser.parseInline(titleTokens) : escapeHtml(kind);
      return `<div class="admonition admonition--${kind}">\n<p class="admonition__title">${heading}</p>\n<div class="admonition__body">\n${this.parser.parse(tokens)}</div>\n</div>\n`;
    },
  };
}

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
