// Transform, admonitions: ":::note Title" … ":::" containers, the title also written
// ":::note[Title]" (Docusaurus 3); the title is inline markdown. Nest by giving the outer one more
// colons ("::::tip"). Besides the built-in types, site.yml "markdown.admonitions" adds types of
// the site's own. Docusaurus 3's directive attributes may follow the type or the bracketed title
// (":::tip[Title]{#id .class}"): an id becomes the admonition's, `title="…"` its title when no
// bracketed one is given; classes are left out, as the site's own stylesheet is (README, "Coming
// from Docusaurus"), and any other attribute is left out with a warning.
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { parseDirectiveAttributes } from './directive-attributes.ts';
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
/** What may follow the type: nothing, "[Title]" and/or "{attributes}", or a space and the title. */
const TITLE = /^(?:(?:\[(.*)\])?(\{.*\})?|[ \t]+(.*))[ \t]*$/;
/** An id the admonition may take: the characters of a heading's "{#id}" (lib/transform/headings.ts). */
const ID = /^[A-Za-z0-9_-]+$/;

export interface AdmonitionToken extends Tokens.Generic {
  type: 'admonition';
  kind: string;
  /** The title's inline tokens, when a title is given. */
  titleTokens: Tokens.Generic[] | undefined;
  tokens: Tokens.Generic[];
  /** The id written as a directive attribute ("{#id}"). */
  id?: string | undefined;
  /** Directive attributes that change nothing here (not an id, title or class): named in a warning. */
  leftOut?: string[] | undefined;
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
 * reads every type, for code that needs only the block structure (lib/check/samples.ts). `page`
 * (when rendering a page) records an admonition's id as an anchor and takes the warnings.
 */
export function admonitionExtension(extraTypes: readonly string[] | 'any', page?: PageState): TokenizerAndRendererExtension {
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
      const attributes = title[2] === undefined ? undefined : parseDirectiveAttributes(title[2]);
      if (title[2] !== undefined && !attributes) {
        return problemToken(line, `The attributes ${title[2]} of the "${colons}${kind}" admonition cannot be read in "${line.trim()}".`,
          `Write them as Docusaurus does: "${colons}${kind}[Title]{#some-id}", with "#id", ".class" or key="value" separated by spaces.`);
      }
      const id = attributes?.id;
      if (id !== undefined && !ID.test(id)) {
        return problemToken(line, `The admonition id "${id}" in "${line.trim()}" is not a name of letters, digits, "-" and "_".`,
          `Use such a name, as in a heading's {#id}: "${colons}${kind}{#some-id}".`);
      }
      const titleText = (title[1] ?? title[3] ?? '').trim();
      // A title attribute is a prop's text in Docusaurus, not markdown: one text token, escaped when rendered.
      const titleAttribute = attributes?.pairs.find(([key]) => key === 'title')?.[1].trim();
      const titleTokens = titleText ? this.lexer.inline(titleText)
        : titleAttribute ? [{ type: 'text', raw: titleAttribute, text: titleAttribute, escaped: false }] : undefined;
      const leftOut = attributes?.pairs.map(([key]) => key).filter((key) => key !== 'title');
      const token: AdmonitionToken = {
        type: 'admonition',
        raw: line + body[0],
        kind,
        titleTokens,
        tokens: [],
        id,
        leftOut: leftOut && leftOut.length > 0 ? leftOut : undefined,
      };
      this.lexer.blockTokens(body[1] ?? '', token.tokens);
      return token;
    },
    renderer(token) {
      const { kind, titleTokens, tokens, id, leftOut } = token as AdmonitionToken;
      if (page && leftOut) {
        page.ctx.diagnostics.warn(at(page, token), `The attribute${leftOut.length === 1 ? '' : 's'} ${leftOut.map((key) => `"${key}"`).join(', ')} of this admonition ${leftOut.length === 1 ? 'is' : 'are'} left out: only an id ("{#id}"), a title and classes are read. Remove ${leftOut.length === 1 ? 'it' : 'them'}.`);
      }
      if (page && id !== undefined) {
        if (page.ids.has(id)) {
          page.ctx.diagnostics.warn(at(page, token), `Duplicate id "#${id}": an element above already has it, so links to "#${id}" reach only that one. Give this admonition another {#id}.`);
        }
        page.ids.add(id);
        page.slugger.reserve(id);
        page.anchors.push(id);
      }
      const heading = titleTokens ? this.parser.parseInline(titleTokens) : escapeHtml(kind);
      const idAttribute = id === undefined ? '' : ` id="${id}"`;
      return `<div class="admonition admonition--${kind}"${idAttribute}>\n<p class="admonition__title">${heading}</p>\n<div class="admonition__body">\n${this.parser.parse(tokens)}</div>\n</div>\n`;
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
