// An SVG is a document, not just a picture: opened by its own address on the site's origin it can
// run script, load other documents and send requests. Content SVGs are checked at build time with
// an XML tokenizer (htmlparser2, the one the raw-HTML policy uses), and any that could run script
// or reach outside the file fails the build, instead of being rewritten: a sanitised copy would
// silently differ from what the author drew, and the docs' diagrams need none of it. This check is
// what protects a plain static host that sends no headers; `npm run serve` (lib/security.ts) and
// `npm start` (lib/dev/static-server.ts) add a restrictive policy on every SVG response besides, in
// case a way past the tokenizer is ever found.
import { Parser } from 'htmlparser2';
import { AssetRejected } from './asset-rejected.ts';

/** Elements that run script or load another document (names compared without prefix, any case). */
const FORBIDDEN_ELEMENTS = new Set([
  'script', 'foreignobject', 'iframe', 'frame', 'frameset', 'embed', 'object', 'applet', 'portal',
  'handler', 'listener', 'base', 'link', 'meta',
]);
/** Attributes whose value is an address. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'src', 'data', 'action', 'formaction', 'srcset', 'poster', 'background', 'codebase']);
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion', 'animatecolor']);
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** Local references ("#clip") and embedded raster images are the only addresses an SVG may hold. */
const ALLOWED_REFERENCE = /^(?:#|data:image\/(?:png|jpeg|gif|webp)[;,])/i;
const HINT = 'Remove it: a diagram needs no script, event handler or outside reference. Export the drawing again as plain SVG, or use a PNG.';

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();
/** Browsers ignore whitespace and control characters around and inside a URL's scheme. */
const compact = (value: string) => value.replace(/[\u0000-\u0020]+/g, '');

/** Why a piece of CSS could load something, or undefined. */
function cssProblem(css: string): string | undefined {
  if (/@import/i.test(css)) return 'an @import';
  if (/image-set\(/i.test(css)) return 'an image-set()';
  // CSS escapes could spell "url(" or "@import" past the checks here.
  if (css.includes('\\')) return 'a CSS escape ("\\")';
  for (const match of css.matchAll(/url\(\s*(['"]?)\s*([^'")]*)/gi)) {
    if (!(match[2] ?? '').startsWith('#')) return `url(${match[1] ?? ''}${match[2] ?? ''}${match[1] ?? ''})`;
  }
  return undefined;
}

/**
 * Checks an SVG file (throws AssetRejected) and returns the attributes of its root <svg> element.
 * `shown` is the path for messages.
 */
export function checkSvg(content: Uint8Array, shown: string): Record<string, string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    text = '\u0000';
  }
  if (text.includes('\u0000')) {
    throw new AssetRejected(shown, 'is named ".svg" but is not SVG text (it is not UTF-8 text).', 'Export the drawing again as SVG, or give the file the extension of its actual type.');
  }
  const reject = (problem: string): never => {
    throw new AssetRejected(shown, `is an SVG with ${problem}, which could run script or load other files on the site's origin.`, HINT);
  };
  // Entity declarations could hold markup that only the browser's XML parser expands.
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) reject('entity declarations (<!DOCTYPE … [ … ]>)');

  let root: Record<string, string> | undefined;
  let rootName: string | undefined;
  let element = '';
  let styleDepth = 0;
  const parser = new Parser({
    onprocessinginstruction(name) {
      const lower = name.toLowerCase();
      if (lower === '?xml' || lower === '!doctype') return;
      reject(`the instruction <${name}>`);
    },
    onopentagname(name) {
      element = localName(name);
      rootName ??= element;
      if (FORBIDDEN_ELEMENTS.has(element)) reject(`a <${name}> element`);
      if (element === 'style') styleDepth += 1;
    },
    onattribute(name, value) {
      const local = localName(name);
      const lowerName = name.toLowerCase();
      if (local.startsWith('on')) reject(`an event-handler attribute ${name}="…" on <${element}>`);
      if ((lowerName === 'xmlns' || lowerName.startsWith('xmlns:')) && value.trim() === XHTML_NAMESPACE) reject('HTML elements (the XHTML namespace)');
      if (lowerName === 'xml:base') reject('an xml:base attribute');
      if (REFERENCE_ATTRIBUTES.has(local) && !ALLOWED_REFERENCE.test(compact(value))) reject(`a reference to "${value.slice(0, 80)}" in ${name}="…" on <${element}>`);
      if (ANIMATIONS.has(element) && local === 'attributename') {
        const target = localName(value.trim());
        if (REFERENCE_ATTRIBUTES.has(target) || target.startsWith('on')) reject(`an <${element}> that changes ${value.trim()}`);
      }
      const css = lowerName === 'style' ? cssProblem(value) : (/url\(/i.test(value) ? cssProblem(value) : undefined);
      if (css) reject(`${css} in ${name}="…" on <${element}>`);
    },
    onopentag(_name, attributes) {
      root ??= attributes;
    },
    ontext(data) {
      if (styleDepth === 0) return;
      const css = cssProblem(data);
      if (css) reject(`${css} in a <style> element`);
    },
    onclosetag(name) {
      if (localName(name) === 'style') styleDepth = Math.max(0, styleDepth - 1);
    },
  }, { xmlMode: true, decodeEntities: true });
  parser.write(text);
  parser.end();
  if (rootName !== 'svg' || !root) {
    throw new AssetRejected(shown, `is named ".svg" but is not an SVG (its first element is ${rootName ? `<${rootName}>` : 'missing'}).`,
      'Export the drawing again as SVG (its root element is <svg>), or give the file the extension of its actual type.');
  }
  return root;
}
