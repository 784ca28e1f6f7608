// Transform: a doc page as clean markdown (published beside it as index.md, and in llms-full.txt):
// the source without front matter, with our extensions expanded into plain markdown and every link
// made absolute, so the text reads the same wherever it is pasted. API operation blocks become
// tables and code blocks; admonitions become block quotes; code block options other than a title
// go, and so do the magic comment lines.
import { dirname, resolve } from 'node:path';
import { decodePath, linkTarget } from './link-target.ts';
import { magicCommentPattern } from './magic-comments.ts';
import { introducesOperations } from './operation-intro.ts';
import { operationPlainMarkdown } from './operation-markdown.ts';
import type { ApiDescription } from '../openapi-model.ts';
import type { DocSource } from '../load/content.ts';
import type { DocPage } from '../model.ts';

/** What a twin reads of a doc: the doc, or its plain copy in another thread (lib/runtime/threaded.ts). */
export type TwinDoc = Pick<DocPage, 'route' | 'title' | 'hasH1' | 'unlisted'> & { source: Pick<DocSource, 'absPath' | 'route' | 'body'> };

export interface TwinContext {
  /** The site's origin, without the base URL: "https://docs.example.com". */
  origin: string;
  /** The published address of a route (lib/load/config.ts absoluteUrl). */
  url(route: string): string;
  /** Route of the doc at an absolute markdown file path, if that file is a doc. */
  resolveDocFile(absPath: string): string | undefined;
  /** As the page reads its links (DocLinks in lib/transform/link-target.ts). */
  docsDir?: string | undefined;
  isDocRoute?(route: string): boolean;
  /** The published URL (base URL included) of a local image the page itself published (the twin copies no file). */
  imageUrl(absPath: string): string | undefined;
  api?: ApiDescription | undefined;
}

const FENCE_OPEN = /^(\s*(?:>\s*)*)(`{3,}|~{3,})(.*)$/;
const OPERATION = /^::operation[ \t]+([A-Za-z0-9_.-]+)[ \t]*$/;
// Any type: a page with a type the site does not know fails its build before it gets here.
const ADMONITION_OPEN = /^(:{3,})([A-Za-z][\w-]*)(?:\[(.*)\]|[ \t]+(.*))?[ \t]*$/;
const ADMONITION_CLOSE = /^(:{3,})[ \t]*$/;
const HEADING_ID = /^(#{1,6}[ \t].*?)[ \t]*\{#[A-Za-z0-9_-]+\}[ \t]*$/;
/** A code span (left as written) or a link or image: `[text](target "title")`, text may hold code spans. */
const CODE_OR_LINK = /(`+)[^\n]*?\1|(!?)\[((?:[^[\]\n]|\[[^\]\n]*\])*)\]\(([^()\s]+)((?:[ \t]+"[^"\n]*")?)\)/g;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Only the language and a title stay of a code block's options ("js tab="Node.js" {2}" → "js"). */
function cleanInfo(info: string): string {
  const lang = /^[^\s{]*/.exec(info.trim())?.[0] ?? '';
  const title = /\btitle=("[^"]*"|'[^']*')/.exec(info)?.[1];
  return title ? `${lang} title=${title}` : lang;
}

export function docMarkdown(doc: TwinDoc, ctx: TwinContext): string {
  // The page's own reading of each link (lib/transform/link-target.ts), made absolute.
  const absolute = (target: string, image: boolean): string => {
    if (EXTERNAL.test(target)) return target;
    if (image && !target.startsWith('/')) {
      const url = ctx.imageUrl(resolve(dirname(doc.source.absPath), decodePath(target.split(/[?#]/)[0] ?? '')));
      return url ? `${ctx.origin}${url}` : target;
    }
    const found = linkTarget(target, doc.source, ctx);
    if (found.kind === 'same-page') return `${ctx.url(doc.route)}${target}`;
    if (found.kind === 'not-a-doc') return target;
    return `${ctx.url(found.route)}${found.suffix}`;
  };
  // Links in prose only: a code span outside a link is matched first and left as written.
  const links = (line: string) => line.replace(CODE_OR_LINK, (match, ticks: string | undefined, bang: string, text: string, target: string, title: string) =>
    ticks ? match : `${bang}[${text}](${absolute(target, bang === '!')}${title})`);

  const body = doc.source.body.replace(/\r\n?/g, '\n');
  const description = !introducesOperations(body);
  const out: string[] = doc.hasH1 ? [] : [`# ${doc.title}`, ''];
  let fence: RegExp | undefined;
  /** The open code block's magic comment lines (lib/transform/magic-comments.ts), left out as on the page. */
  let magic: RegExp | undefined;
  const quotes: string[] = [];
  let prefix = '';
  const push = (text: string) => out.push(text === '' ? prefix.trimEnd() : `${prefix}${text}`);
  // Line by line; the cheap character tests first keep this fast on large sites (every doc goes
  // through it once per build).
  for (const line of body.split('\n')) {
    prefix = '> '.repeat(quotes.length);
    if (fence) {
      if (fence.test(line)) fence = undefined;
      else if (magic?.test(line)) continue;
      push(line);
      continue;
    }
    const opening = line.includes('``') || line.includes('~~') ? FENCE_OPEN.exec(line) : null;
    if (opening) {
      const marker = opening[2] ?? '```';
      fence = new RegExp(`^\\s*(?:>\\s*)*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      const info = opening[3] ?? '';
      magic = /\{[\d,\s-]+\}/.test(info) ? undefined : magicCommentPattern((/^[^\s{]*/.exec(info.trim())?.[0] ?? '').toLowerCase());
      push(`${opening[1] ?? ''}${marker}${cleanInfo(info)}`);
      continue;
    }
    if (line[0] !== ':') {
      const text = line[0] === '#' ? line.replace(HEADING_ID, '$1') : line;
      push(text.includes('](') ? links(text) : text);
      continue;
    }
    const operationId = OPERATION.exec(line)?.[1];
    const operation = operationId ? ctx.api?.operations.get(operationId) : undefined;
    if (operation && ctx.api) {
      for (const text of operationPlainMarkdown(ctx.api, operation, { description }).trimEnd().split('\n')) push(text);
      continue;
    }
    const admonition = ADMONITION_OPEN.exec(line);
    if (admonition) {
      const kind = admonition[2] ?? 'note';
      quotes.push(admonition[1] ?? ':::');
      const label = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
      const title = (admonition[3] ?? admonition[4])?.trim();
      out.push(`${'> '.repeat(quotes.length)}**${title ? `${label}: ${title}` : label}**`, '> '.repeat(quotes.length).trimEnd());
      continue;
    }
    const closing = ADMONITION_CLOSE.exec(line);
    if (closing && quotes[quotes.length - 1] === closing[1]) {
      quotes.pop();
      continue;
    }
    push(links(line.replace(HEADING_ID, '$1')));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
