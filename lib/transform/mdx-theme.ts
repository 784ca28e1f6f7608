// Transform, MDX: the components of the Docusaurus theme that docs folders use, rendered as this
// site's own constructs: Tabs/TabItem as tab groups (lib/transform/mdx-tabs.ts), Admonition as an
// admonition, Details as <details>, TOCInline and DocCardList as markers the page fills in later
// (lib/transform/mdx-markers.ts).
import type { Tokens } from 'marked';
import { ADMONITION_TYPES, type AdmonitionToken } from './admonitions.ts';
import { contentHtml, type ChildParser, type JsxToken } from './mdx-components.ts';
import { escapeHtml } from './highlight.ts';
import { attributeText, renderHtmlElement } from './mdx-html.ts';
import { docCardListMarker, tocInlineMarker } from './mdx-markers.ts';
import { mdxState, warnOnce } from './mdx-state.ts';
import { tabsHtml } from './mdx-tabs.ts';
import { at, type PageState } from './page-state.ts';

export type ComponentKind = 'html' | 'tabs' | 'tabItem' | 'admonition' | 'details' | 'tocInline' | 'docCardList';

const THEME_COMPONENTS: Record<string, ComponentKind> = {
  '@theme/Tabs': 'tabs',
  '@theme/TabItem': 'tabItem',
  '@theme/Admonition': 'admonition',
  '@theme/Details': 'details',
  '@theme/TOCInline': 'tocInline',
  '@theme/DocCardList': 'docCardList',
};

/**
 * What a JSX name stands for: an HTML element (lower case), a theme component it is imported from,
 * or, when the page does not import it, a theme component of that name (sites commonly make them
 * global through MDXComponents); undefined for any other component.
 */
export function componentKind(page: PageState, name: string): ComponentKind | undefined {
  if (/^[a-z][\w-]*$/.test(name)) return 'html';
  const source = mdxState(page).imports.get(name);
  if (source !== undefined) return THEME_COMPONENTS[source];
  return THEME_COMPONENTS[`@theme/${name}`];
}

/** A prop as text ("tip", "My title"), or undefined when absent or unknowable (which warns). */
export function propText(page: PageState, token: JsxToken, name: string): string | undefined {
  const attribute = token.tag.attributes.find((candidate) => candidate.name === name);
  return attribute ? attributeText(page, token, attribute) : undefined;
}

export function propValue(token: JsxToken, name: string): unknown {
  const attribute = token.tag.attributes.find((candidate) => candidate.name === name);
  if (!attribute) return undefined;
  if (attribute.value === undefined) return true;
  return attribute.value.kind === 'value' ? attribute.value.value : undefined;
}

function headingLevel(page: PageState, token: JsxToken, name: string, fallback: number): number {
  const value = propValue(token, name);
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 6) return value;
  page.ctx.diagnostics.warn(at(page, token), `<${token.tag.name} ${name}> must be a number from 2 to 6 ({3}); ${fallback} is used.`);
  return fallback;
}

export function renderComponent(page: PageState, token: JsxToken, kind: Exclude<ComponentKind, 'html'>, parser: ChildParser & { parse(tokens: Tokens.Generic[]): string }): string {
  switch (kind) {
    case 'tabs':
      return tabsHtml(page, token, parser);
    case 'tabItem':
      page.ctx.diagnostics.warn(at(page, token), `<${token.tag.name}> is outside any <Tabs>; its content is shown without a tab. Put it inside <Tabs> … </Tabs>.`);
      return contentHtml(token, parser);
    case 'admonition': {
      let type = propText(page, token, 'type') ?? 'note';
      const types = [...ADMONITION_TYPES, ...(page.ctx.markdown?.admonitions ?? [])];
      if (!types.includes(type)) {
        page.ctx.diagnostics.warn(at(page, token), `<${token.tag.name} type="${type}"> is not an admonition type; it is shown as "info". Use one of: ${types.join(', ')}.`);
        type = 'info';
      }
      const title = propText(page, token, 'title');
      if (propValue(token, 'icon') !== undefined) {
        warnOnce(page, 'admonition-icon', at(page, token), `<${token.tag.name} icon> is not supported; the admonition keeps its own icon.`);
      }
      const children = token.inline
        ? [{ type: 'paragraph', raw: token.raw, text: token.raw, tokens: token.tokens } as Tokens.Paragraph]
        : token.tokens;
      // The title prop is plain text: one text token, escaped when rendered.
      const titleTokens = title === undefined ? undefined : [{ type: 'text', raw: title, text: title, escaped: false }];
      const admonition: AdmonitionToken = { type: 'admonition', raw: token.raw, kind: type, titleTokens, tokens: children };
      return parser.parse([admonition]);
    }
    case 'details': {
      // Docusaurus's Details is <details> whose summary may be a prop; the site's stylesheet gives it its look.
      const summary = propText(page, token, 'summary');
      const first = summary === undefined ? '' : `<summary>${escapeHtml(summary)}</summary>${token.inline ? '' : '\n'}`;
      return renderHtmlElement(page, token, parser, { name: 'details', props: ['summary'], first });
    }
    case 'tocInline':
      return tocInlineMarker(page, headingLevel(page, token, 'minHeadingLevel', 2), headingLevel(page, token, 'maxHeadingLevel', 3));
    case 'docCardList':
      return docCardListMarker(page, token);
  }
}
