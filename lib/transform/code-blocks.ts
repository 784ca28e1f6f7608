// Transform, code blocks: highlighted at build time, with an optional title="…", highlighted
// lines ("{1,3-5}" or magic comments, lib/transform/magic-comments.ts) and line numbers
// ("showLineNumbers", or "showLineNumbers=5" to start at 5); an unclosed fence fails the build at
// its line.
import type { RendererObject, Tokens } from 'marked';
import { BuildError } from '../diagnostics.ts';
import { escapeHtml, highlight, parseLineRanges, splitHighlightedLines } from './highlight.ts';
import { readMagicComments } from './magic-comments.ts';
import { unsupportedFence } from './unsupported.ts';
import { warnOnce } from './warn-once.ts';
import { at, type PageState } from './page-state.ts';

interface CodeMeta {
  lang: string;
  title: string | undefined;
  tab: string | undefined;
  /** The "{1,3-5}" line ranges as written; parsed against the block's line count when it is transformed. */
  ranges: string | undefined;
  /** The first line's number with "showLineNumbers" ("showLineNumbers=5": 5), else undefined. */
  firstLineNumber: number | undefined;
  /** False with the "nocheck" option: the block is not an API call, and the request-sample check (lib/check/samples.ts) passes it by. */
  check: boolean;
}

export function parseCodeInfo(info: string | undefined): CodeMeta {
  const text = (info ?? '').trim();
  const lang = /^[^\s{]*/.exec(text)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)')`).exec(text);
  const title = attribute('title');
  const tab = attribute('tab');
  const ranges = /\{([\d,\s-]+)\}/.exec(text);
  const unquoted = text.replace(/"[^"]*"|'[^']*'/g, '');
  const lineNumbers = /(?:^|\s)showLineNumbers(?:=(\d{1,9}))?(?=\s|$)/.exec(unquoted);
  return {
    lang,
    title: title ? (title[1] ?? title[2]) : undefined,
    tab: tab ? (tab[1] ?? tab[2]) : undefined,
    ranges: ranges?.[1],
    firstLineNumber: lineNumbers ? Number(lineNumbers[1] ?? 1) : undefined,
    check: !/(^|\s)nocheck(\s|$)/.test(unquoted),
  };
}

export function codeBlockRenderer(page: PageState): RendererObject {
  return {
    code(token) {
      return codeBlockHtml(token, page);
    },
  };
}

export function codeBlockHtml(token: Tokens.Code, page: PageState): string {
  const unclosed = unclosedFence(token);
  if (unclosed) {
    throw new BuildError(at(page, token), `The code block opened here with "${unclosed}" is never closed.`,
      `Add a line "${unclosed}" after the last line of code; without it, everything below shows as code.`);
  }
  const meta = parseCodeInfo(token.lang);
  // Line ranges win over magic comments, which are then left as written (as in Docusaurus).
  const magic = meta.ranges ? undefined : readMagicComments(token.text, meta.lang);
  const fenceLine = page.lineOf.get(token);
  for (const { line, problem } of magic?.problems ?? []) {
    page.ctx.diagnostics.warn({ file: page.ctx.file, line: fenceLine === undefined ? undefined : fenceLine + 1 + line },
      `Magic comment: ${problem}. Pair each "highlight-start" with a "highlight-end" in the same code block.`);
  }
  const shownAsSource = unsupportedFence(page, meta.lang, fenceLine);
  const result = highlight(magic?.code ?? token.text, shownAsSource ? 'text' : meta.lang, page.ctx.markdown?.languages);
  if (result.unknown) warnUnknownLanguage(page, token, meta.lang);
  const split = splitHighlightedLines(result.html);
  const highlighted = meta.ranges ? parseLineRanges(meta.ranges, split.length) : { lines: magic?.lines ?? new Set<number>(), outside: [] };
  if (highlighted.outside.length > 0) {
    page.ctx.diagnostics.warn(at(page, token),
      `Highlighted line(s) {${highlighted.outside.slice(0, 5).join(',')}${highlighted.outside.length > 5 ? ',…' : ''}} are outside the code block's ${split.length} line(s); they are ignored.`);
  }
  const first = meta.firstLineNumber;
  // A highlighted line is a block that holds its own line break; the last line has none. With line
  // numbers every line is such a block, its number in data-line for the stylesheet to show: generated
  // content, so it is neither selected nor copied with the code.
  const lines = split
    .map((line, index) => {
      const end = index < split.length - 1 ? '\n' : '';
      const marked = highlighted.lines.has(index + 1);
      if (first !== undefined) return `<span class="code-line${marked ? ' code-line--highlighted' : ''}" data-line="${first + index}">${line}${end}</span>`;
      return marked ? `<span class="code-line code-line--highlighted">${line}${end}</span>` : `${line}${end}`;
    })
    .join('');
  const title = meta.title ? `<div class="code-block__title">${escapeHtml(meta.title)}</div>\n` : '';
  const language = result.language ?? 'text';
  const numbered = first === undefined ? '' : ` code-block__pre--numbered" data-line-digits="${String(first + split.length - 1).length}`;
  return `<div class="code-block">\n${title}<pre class="code-block__pre${numbered}" tabindex="0"><code class="hljs language-${language}">${lines}</code></pre>\n</div>\n`;
}

function warnUnknownLanguage(page: PageState, token: Tokens.Code, lang: string): void {
  const name = lang.toLowerCase();
  warnOnce(page, `language ${name}`, at(page, token),
    `Unknown code language "${lang}": this block and any other in "${lang}" on the page are shown as plain text. `
    + `Name a language highlight.js knows, or map the name to the closest one under "markdown: languages:" in content/site.yml ("${name}: LANGUAGE").`);
}

/** The opening fence of a fenced code block that runs to the end of its container unclosed, if it does. */
function unclosedFence(token: Tokens.Code): string | undefined {
  if (token.codeBlockStyle === 'indented') return undefined;
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(token.raw)?.[1];
  if (!fence) return undefined;
  const lines = token.raw.replace(/\n+$/, '').split('\n');
  const last = lines.length > 1 ? (lines[lines.length - 1] ?? '') : '';
  const closing = new RegExp(`^ {0,3}${fence}[\`~]*[ \t]*$`);
  return closing.test(last) ? undefined : fence;
}
