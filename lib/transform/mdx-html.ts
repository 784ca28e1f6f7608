// Transform, MDX: an HTML element written as JSX (`<div className="row" style={{gap: 8}}>`,
// `<img src={logo} />`) becomes the HTML React would write, and that HTML goes through the
// raw-HTML policy (lib/transform/raw-html.ts) like any other: allowed elements and attributes only,
// no event handlers, no script URLs, local files copied as assets. The style attribute, which the
// policy refuses in HTML, is written only from a literal object and only with the declarations
// lib/transform/mdx-style.ts allows.
import { dirname, resolve } from 'node:path';
import { AssetRejected } from '../assets/asset-rejected.ts';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { decodePath } from './link-target.ts';
import { childrenHtml, VOID_ELEMENTS, type ChildParser, type JsxToken } from './mdx-components.ts';
import type { JsxAttribute } from './mdx-jsx.ts';
import { mdxState, warnOnce } from './mdx-state.ts';
import { styleAttribute } from './mdx-style.ts';
import { at, type PageState } from './page-state.ts';
import { checkRawHtml, isAllowedAttribute } from './raw-html.ts';


/** JSX attribute names that differ from HTML's. */
const HTML_NAMES: Record<string, string> = { className: 'class', htmlFor: 'for', tabIndex: 'tabindex', srcSet: 'srcset' };

/** Where Docusaurus's "@site/static/…" files are served: the site root (static/ is copied there). */
const STATIC_PREFIX = '@site/static/';

/**
 * The value of an attribute as text: literals as written, imported files as their published URL,
 * "@site/static/…" files and useBaseUrl('/…') under the base URL, or undefined with a warning
 * when it could only be known by running the page.
 */
export function attributeText(page: PageState, token: JsxToken, attribute: JsxAttribute): string | undefined {
  const { value } = attribute;
  if (value === undefined) return '';
  if (value.kind === 'value') {
    if (typeof value.value === 'string' || typeof value.value === 'number') return String(value.value);
    if (value.value === true) return '';
    if (value.value === false || value.value === null) return undefined;
  }
  if (value.kind === 'siteUrl') return `${page.ctx.baseUrl.replace(/\/$/, '')}${value.path.startsWith('/') ? '' : '/'}${value.path}`;
  const source = value.kind === 'import' ? value.source : value.kind === 'binding' ? mdxState(page).imports.get(value.name) : undefined;
  if (source !== undefined) {
    if (source.startsWith('./') || source.startsWith('../')) return importedFile(page, token, source);
    if (source.startsWith(STATIC_PREFIX)) return `${page.ctx.baseUrl.replace(/\/$/, '')}/${source.slice(STATIC_PREFIX.length)}`;
  }
  const written = value.kind === 'dynamic' ? value.text : value.kind === 'binding' ? value.name : value.kind === 'import' ? `require('${value.source}')` : String(value.value);
  warnOnce(page, `attribute:${token.tag.name}:${attribute.name}`, at(page, token),
    `The value of ${attribute.name}={${written}} on <${token.tag.name}> cannot be known without running the page; the attribute is left out. Write it as a string, or import a file next to the page ("import logo from './logo.png'") and use that name.`);
  return undefined;
}

/** A file the page imports (an image, a PDF …), published as an asset: its URL. A missing or refused file fails the build at the element. */
function importedFile(page: PageState, token: JsxToken, source: string): string {
  const path = resolve(dirname(page.ctx.absPath), decodePath(source.split(/[?#]/)[0] ?? ''));
  let asset: { url: string } | undefined;
  try {
    asset = page.ctx.addAsset(path);
  } catch (error) {
    if (!(error instanceof AssetRejected)) throw error;
    throw new BuildError(at(page, token), `<${token.tag.name}> uses the imported file "${source}", which ${error.rejection}`, error.hint);
  }
  if (!asset) {
    throw new BuildError(at(page, token), `<${token.tag.name}> uses the imported file "${source}", which is not found.`,
      'Fix the path in the import (it is relative to the page), or put the file there.');
  }
  return asset.url;
}

/** For a component that is an element (Details → details): its element, the props that are not attributes, and HTML to put first inside. */
export interface ElementOptions {
  name: string;
  props: readonly string[];
  first: string;
}

export function renderHtmlElement(page: PageState, token: JsxToken, parser: ChildParser, options?: ElementOptions): string {
  const tag = { ...token.tag, name: options?.name ?? token.tag.name };
  if (tag.spreads.length > 0) {
    warnOnce(page, `spread:${tag.name}`, at(page, token), `<${tag.name} ${tag.spreads[0]}> spreads values that cannot be known without running the page; they are left out.`);
  }
  let style = '';
  const attributes: string[] = [];
  for (const attribute of tag.attributes) {
    if (options?.props.includes(attribute.name)) continue;
    if (attribute.name === 'style') {
      style = styleOf(page, token, attribute);
      continue;
    }
    const html = HTML_NAMES[attribute.name] ?? attribute.name;
    // An attribute the policy refuses (an event handler …) fails the build as in HTML, whatever its value.
    const text = isAllowedAttribute(tag.name, html.toLowerCase()) ? attributeText(page, token, attribute) : '';
    if (text === undefined) continue;
    attributes.push(attribute.value === undefined || (attribute.value.kind === 'value' && attribute.value.value === true) ? ` ${html}` : ` ${html}="${escapeHtml(text)}"`);
  }
  const checked = checkRawHtml(`<${tag.name}${attributes.join('')}>`, {
    file: page.ctx.file, absPath: page.ctx.absPath, line: page.lineOf.get(token), addAsset: page.ctx.addAsset, embeds: page.ctx.embeds ?? [],
  });
  const opening = style ? `${checked.slice(0, -1)} style="${escapeHtml(style)}">` : checked;
  const end = token.block ? '\n' : '';
  if (VOID_ELEMENTS.has(tag.name)) return `${opening}${end}`;
  const first = options?.first ?? '';
  return token.inline ? `${opening}${first}${childrenHtml(token, parser)}</${tag.name}>${end}` : `${opening}\n${first}${childrenHtml(token, parser)}</${tag.name}>\n`;
}

function styleOf(page: PageState, token: JsxToken, attribute: JsxAttribute): string {
  const { value } = attribute;
  if (value?.kind !== 'value' || typeof value.value !== 'object' || value.value === null || Array.isArray(value.value)) {
    warnOnce(page, `style:${token.tag.name}`, at(page, token),
      `The style of <${token.tag.name}> is not a literal object (style={{color: 'green'}}); it is left out.`);
    return '';
  }
  const { css, refused } = styleAttribute(value.value as Record<string, unknown>);
  if (refused.length > 0) {
    page.ctx.diagnostics.warn(at(page, token),
      `The style of <${token.tag.name}> sets ${refused.join('; ')}, which pages may not set (it could reach outside the element or load from elsewhere); left out. Colours, spacing, sizes, borders, text and flex/grid layout are allowed.`);
  }
  return css;
}
