// Transform: the raw-HTML policy: markdown may carry HTML from an allow-list of elements and attributes
// (README, "Writing a page" → "Raw HTML"). Pages come from contributors' pull requests, so
// anything that could run script, send readers elsewhere, restyle or hide the page, or load from
// another site is a build error at its file and line: never stripped silently, never passed on.
// Each html token marked emits is parsed with htmlparser2 (a real HTML tokenizer: entities,
// case, quoting and odd whitespace as a browser reads them), not guessed with regular expressions.
import { dirname, resolve } from 'node:path';
import { Parser } from 'htmlparser2';
import type { RendererObject } from 'marked';
import { AssetRejected } from '../assets/asset-rejected.ts';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml } from './highlight.ts';
import { decodePath } from './link-target.ts';
import type { PageState } from './page-state.ts';

export interface RawHtmlContext {
  /** The markdown file, relative to the site folder, for messages. */
  file: string;
  /** The markdown file on disk: local sources are relative to it. */
  absPath: string;
  /** Line of the html token's first character. */
  line: number | undefined;
  addAsset(absPath: string): { url: string } | undefined;
  /** Origins (https://host[:port]) that <iframe> may embed: site.yml "embeds". */
  embeds: readonly string[];
}

const GLOBAL_ATTRIBUTES = new Set(['class', 'id', 'title', 'lang', 'dir', 'role']);
const MEDIA = ['src', 'controls', 'loop', 'muted', 'autoplay', 'preload', 'width', 'height'];

/** Element → the attributes it may carry besides the global ones (and aria-*). */
const ELEMENTS: Record<string, readonly string[]> = {
  // Text and structure
  div: [], span: [], p: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  // The wrapper of "::operation" blocks (lib/transform/operation-markdown.ts) goes through this check too,
  // since an operation's description is markdown from content/api/openapi.yaml.
  section: ['tabindex', 'data-operation-id'], br: [], wbr: [], hr: [], blockquote: ['cite'], pre: [], code: [], kbd: [], samp: [], var: [],
  sub: [], sup: [], b: [], i: [], u: [], s: [], em: [], strong: [], small: [], mark: [], abbr: [], dfn: [], cite: [],
  q: ['cite'], del: ['cite', 'datetime'], ins: ['cite', 'datetime'], time: ['datetime'],
  ul: [], ol: ['start', 'reversed', 'type'], li: ['value'], dl: [], dt: [], dd: [],
  details: ['open'], summary: [], figure: [], figcaption: [],
  // target: only "_blank" or "_self" (checked below); browsers open a _blank link without access to this page.
  a: ['href', 'rel', 'hreflang', 'target'],
  // Tables
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], colgroup: ['span'], col: ['span'],
  th: ['colspan', 'rowspan', 'scope', 'headers', 'align'], td: ['colspan', 'rowspan', 'headers', 'align'],
  // Media, with local files or https sources
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  picture: [],
  video: [...MEDIA, 'poster', 'playsinline'],
  audio: MEDIA,
  source: ['src', 'type', 'media'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  // Only from an origin listed in site.yml "embeds" (checked below).
  iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
};

/** Whether the policy lets the element carry the attribute at all (whatever its value). */
export function isAllowedAttribute(element: string, name: string): boolean {
  const allowed = ELEMENTS[element];
  return allowed !== undefined && !name.startsWith('on') && (GLOBAL_ATTRIBUTES.has(name) || name.startsWith('aria-') || allowed.includes(name));
}

/** Attributes holding a URL, whose scheme is checked. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);
/** Attributes whose local (relative) file is copied into the site's assets and rewritten. */
const ASSET_ATTRIBUTES = new Set(['src', 'poster']);

const FORBIDDEN_HINTS: Record<string, string> = {
  script: 'Pages cannot run their own scripts. Describe the code in a fenced code block instead; behaviour belongs in client/.',
  style: 'Pages cannot carry their own styles (they could restyle or hide the page). Use the classes of the site\'s stylesheet, or ask for a new one in styles/.',
  link: 'Pages cannot load stylesheets or other resources. Use the site\'s stylesheet.',
  meta: 'A <meta> tag can redirect readers or change how the page is read. Page settings go in the front matter; a moved page needs a link to its new place.',
  base: 'A <base> tag changes where every link of the page points. Write links as routes (/docs/…) or paths to markdown files.',
  iframe: 'Embed only from an origin listed under "embeds" in content/site.yml, e.g. embeds: [https://player.example.com].',
  object: 'Plugins and embedded documents are not allowed. Link to the file, or embed a video with <video>.',
  embed: 'Plugins and embedded documents are not allowed. Link to the file, or embed a video with <video>.',
  form: 'Pages cannot hold forms. Link to the page of the service that handles the input.',
};

const SENTINEL = 'pagewright-end-of-token';

const DEFAULT_HINT = 'Use Markdown, or an element of the raw-HTML allow-list in the README ("Writing a page" → "Raw HTML").';

/**
 * A URL's scheme as a browser reads it: ASCII whitespace and control characters removed
 * ("java\tscript:" runs as javascript:), lower-cased; undefined for a relative URL.
 */
export function urlScheme(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
}

/** Schemes that run script or smuggle a document into a link: never allowed in a page. */
export function isUnsafeScheme(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data';
}

interface Attribute {
  name: string;
  value: string;
}

/**
 * Checks one html token of a page against the policy and returns the HTML to emit: the same
 * text, except that local media sources are replaced by their hashed asset URLs.
 */
export function checkRawHtml(text: string, ctx: RawHtmlContext): string {
  const fail = (at: number, problem: string, hint: string): never => {
    let newlines = 0;
    for (let i = 0; i < at && i < text.length; i++) if (text.charCodeAt(i) === 10) newlines++;
    throw new BuildError({ file: ctx.file, line: ctx.line === undefined ? undefined : ctx.line + newlines }, problem, hint);
  };
  const rewrites: { start: number; end: number; html: string }[] = [];
  let attributes: Attribute[] = [];
  // A sentinel tag written after the token: if it does not open as a tag of its own at the token's
  // end, the token ended inside a tag or an attribute value, which would swallow the markup after it.
  let finished = false;
  const parser: Parser = new Parser({
    onopentagname() {
      attributes = [];
    },
    onattribute(name, value) {
      attributes.push({ name, value });
    },
    onopentag(name, _attribs, implied) {
      const own = attributes;
      attributes = [];
      if (implied) return;
      // endIndex (the tag's ">") is exact; the sentinel's ends right after the token's own text.
      if (parser.endIndex >= text.length) {
        finished = name === SENTINEL && parser.endIndex === text.length + SENTINEL.length + 1;
        return;
      }
      const start = tagStart(name, parser.startIndex);
      const allowed = ELEMENTS[name];
      if (!allowed || (name === 'iframe' && ctx.embeds.length === 0)) {
        fail(start, `Raw HTML <${name}> is not allowed in pages.`, FORBIDDEN_HINTS[name] ?? DEFAULT_HINT);
        return;
      }
      let changed = false;
      const kept = own.map((attribute) => {
        const value = checkAttribute(name, attribute, allowed, start);
        if (value !== attribute.value) changed = true;
        return { name: attribute.name, value };
      });
      if (name === 'iframe' && !own.some((attribute) => attribute.name === 'src')) {
        fail(start, 'Raw HTML <iframe> needs a src from an origin listed under "embeds" in content/site.yml.', FORBIDDEN_HINTS.iframe ?? DEFAULT_HINT);
      }
      if (changed) {
        const rewritten = kept.map(({ name: key, value }) => ` ${key}="${escapeHtml(value)}"`).join('');
        rewrites.push({ start, end: parser.endIndex + 1, html: `<${name}${rewritten}>` });
      }
    },
    oncomment() {
      const start = parser.startIndex;
      const raw = text.slice(start, parser.endIndex + 1);
      if (parser.endIndex >= text.length || !raw.endsWith('>')) {
        fail(start, 'An HTML comment "<!--" is never closed.', 'Close it with "-->"; without it, the rest of the page would be hidden.');
      }
      if (!raw.startsWith('<!--')) {
        fail(start, `Raw HTML "${raw.slice(0, 12)}…" is not allowed in pages.`, 'Only comments written as <!-- … --> may appear in a page; remove this markup.');
      }
    },
    onprocessinginstruction(name) {
      fail(parser.startIndex, `Raw HTML <${name}> is not allowed in pages.`, 'Remove it: a page is a part of the site\'s document, not a document of its own.');
    },
  }, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });

  /**
   * Where an opening tag starts. htmlparser2's startIndex lags behind after an end tag with
   * something after its name ("</a x>"): then the tag starts after that end tag's ">". A start
   * that still does not hold the tag fails the build rather than splice at the wrong place.
   */
  function tagStart(name: string, reported: number): number {
    const holds = (at: number) => text.startsWith('<', at) && text.slice(at + 1, at + 1 + name.length).toLowerCase() === name;
    if (holds(reported)) return reported;
    const after = text.indexOf('>', reported) + 1;
    if (after > 0 && holds(after)) return after;
    return fail(reported, `Raw HTML <${name}> could not be located in its block.`, 'Write end tags as </name> with nothing after the name.');
  }

  function checkAttribute(element: string, { name, value }: Attribute, allowed: readonly string[], at: number): string {
    if (name.startsWith('on')) {
      fail(at, `Raw HTML <${element}> has the event-handler attribute "${name}", which is not allowed in pages.`,
        'Pages cannot run their own scripts: remove the attribute.');
    }
    if (!GLOBAL_ATTRIBUTES.has(name) && !name.startsWith('aria-') && !allowed.includes(name)) {
      const style = name === 'style' ? ' Pages cannot restyle the site: use a class of the site\'s stylesheet.' : '';
      fail(at, `Raw HTML <${element}> has the attribute "${name}", which is not allowed in pages.`,
        `Remove it.${style} The README ("Writing a page" → "Raw HTML") lists the attributes each element may carry.`);
    }
    if (name === 'target' && value !== '_blank' && value !== '_self') {
      fail(at, `Raw HTML <${element} target="${value}"> names a window or frame, which a page cannot do.`,
        'Use target="_blank" to open the link in a new tab, or remove the attribute.');
    }
    if (!URL_ATTRIBUTES.has(name)) return value;
    if (isUnsafeScheme(value)) {
      fail(at, `Raw HTML <${element} ${name}="${value}"> uses the "${urlScheme(value)}:" scheme, which is not allowed in pages.`,
        'Link to a route (/docs/…), a markdown file or an https:// address; put images and videos next to the page.');
    }
    const scheme = urlScheme(value);
    if (element === 'iframe') return checkEmbed(value, at);
    if (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)) {
      fail(at, `Raw HTML <${element} ${name}="${value}"> uses the "${scheme}:" scheme, which is not allowed in pages.`,
        'Use a route (/docs/…), a relative path or an https:// address.');
    }
    if (ASSET_ATTRIBUTES.has(name) && scheme === undefined && !value.startsWith('/')) return localAsset(element, name, value, at);
    return value;
  }

  function checkEmbed(src: string, at: number): string {
    let origin: string | undefined;
    try {
      const url = new URL(src);
      origin = url.protocol === 'https:' ? url.origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || !ctx.embeds.includes(origin)) {
      fail(at, `Raw HTML <iframe src="${src}">: ${origin ?? src} is not an origin listed under "embeds" in content/site.yml.`,
        `Add the player's origin to "embeds" in content/site.yml (https only, no path) if the site should embed it${ctx.embeds.length > 0 ? `; listed now: ${ctx.embeds.join(', ')}` : ''}.`);
    }
    return src;
  }

  function localAsset(element: string, name: string, value: string, at: number): string {
    const path = resolve(dirname(ctx.absPath), decodePath(value.split(/[?#]/)[0] ?? ''));
    let asset: { url: string } | undefined;
    try {
      asset = ctx.addAsset(path);
    } catch (error) {
      // A file the site will not publish (outside the site, not an allowed type …): placed at this line.
      if (!(error instanceof AssetRejected)) throw error;
      fail(at, `Raw HTML <${element} ${name}="${value}">: the file ${error.rejection}`, error.hint);
    }
    if (!asset) {
      fail(at, `Raw HTML <${element} ${name}="${value}">: the file is not found.`,
        'Put the file next to the page (the path is relative to the markdown file) or fix the path.');
    }
    return asset?.url ?? value;
  }

  parser.write(text);
  parser.end(`<${SENTINEL}>`);
  if (!finished) {
    const start = text.lastIndexOf('<');
    fail(Math.max(start, 0), `Raw HTML "${text.slice(Math.max(start, 0), start + 30).trim()}…" is an unfinished tag.`,
      'Close the tag with ">" and any quoted attribute value with its quote; otherwise the markup after it breaks.');
  }
  let html = text;
  for (const { start, end, html: replacement } of rewrites.reverse()) html = html.slice(0, start) + replacement + html.slice(end);
  return html;
}


/** The renderer of raw HTML blocks and inline tags: each is checked against the policy above at its line. */
export function rawHtmlRenderer(page: PageState): RendererObject {
  const { ctx } = page;
  return {
    html(token) {
      return checkRawHtml(token.text, { file: ctx.file, absPath: ctx.absPath, line: page.lineOf.get(token), addAsset: ctx.addAsset, embeds: ctx.embeds ?? [] });
    },
  };
}
