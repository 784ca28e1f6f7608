// Transform: build-time syntax highlighting with an explicit language: never auto-detected
// (auto-detection is slow and guesses wrong), and a fence without a language is plain text. Every
// language highlight.js ships can be named (lib/transform/highlight-languages.ts); each is loaded
// the first time a page uses it.
import { createRequire } from 'node:module';
import type { LanguageFn, Mode } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import { LANGUAGE_MODULES } from './highlight-languages.ts';

const require = createRequire(import.meta.url);

/** Names that mean "no highlighting". */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/**
 * Names Docusaurus's highlighter (Prism) gives languages that highlight.js knows by another name.
 * A site maps more under "markdown: languages:" in site.yml.
 */
const PRISM_NAMES: Readonly<Record<string, string>> = { markup: 'xml', 'shell-session': 'shell', mdx: 'markdown' };

/**
 * The languages an embedded part of unnamed language is guessed among (an HTTP message's body).
 * A fixed list, so that the guess does not depend on which languages earlier pages loaded.
 */
const GUESSED_AMONG = ['bash', 'css', 'diff', 'http', 'javascript', 'json', 'markdown', 'python', 'shell', 'typescript', 'xml', 'yaml'];
hljs.configure({ languages: GUESSED_AMONG });

/** The highlight.js module that defines a language name or alias (lower case), if any. */
export function languageModule(name: string, aliases: Readonly<Record<string, string>> = {}): string | undefined {
  const target = Object.hasOwn(aliases, name) ? aliases[name] ?? name : Object.hasOwn(PRISM_NAMES, name) ? PRISM_NAMES[name] ?? name : name;
  return Object.hasOwn(LANGUAGE_MODULES, target) ? LANGUAGE_MODULES[target] : undefined;
}

/**
 * Registers a language's module on first use, with every language it embeds (JavaScript's
 * html`…` templates, the scripts and styles in HTML), so a block highlights the same whatever
 * page loaded what before it. Only the modules pages use are loaded: there are nearly 200.
 */
function load(module: string): void {
  if (hljs.getLanguage(module)) return;
  hljs.registerLanguage(module, require(`highlight.js/lib/languages/${module}`) as LanguageFn);
  const language = hljs.getLanguage(module);
  if (language) for (const embedded of embeddedLanguages(language)) load(embedded);
}

/** The modules of the languages a definition embeds by name (its modes' subLanguage), or the guessed-among ones. */
function embeddedLanguages(language: Mode): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || value instanceof RegExp || seen.has(value)) return;
    seen.add(value);
    const sub = (value as Mode).subLanguage;
    if (sub !== undefined) for (const name of typeof sub === 'string' ? [sub] : sub.length > 0 ? sub : GUESSED_AMONG) found.add(name);
    for (const child of Object.values(value)) walk(child);
  };
  walk(language);
  return [...found].map((name) => LANGUAGE_MODULES[name]).filter((module): module is string => module !== undefined);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Highlighted {
  html: string;
  /** The language name shown in the class, or undefined when unknown or plain. */
  language: string | undefined;
  unknown: boolean;
}

/** Highlights code in a language named as a fence names it; `aliases` are the site's (site.yml "markdown: languages:"). */
export function highlight(code: string, lang: string, aliases?: Readonly<Record<string, string>>): Highlighted {
  const name = lang.toLowerCase();
  if (PLAIN.has(name)) return { html: escapeHtml(code), language: undefined, unknown: false };
  const module = languageModule(name, aliases);
  if (!module) return { html: escapeHtml(code), language: undefined, unknown: true };
  load(module);
  return { html: hljs.highlight(code, { language: module, ignoreIllegals: true }).value, language: name, unknown: false };
}

/**
 * Splits highlighted HTML into lines, closing the spans still open at each line end and opening
 * them again on the next line, so that one line can be wrapped without breaking the markup.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  for (const [piece] of html.matchAll(/<span[^>]*>|<\/span>|\n|[^<\n]+|</g)) {
    if (piece.startsWith('<span')) {
      open.push(piece);
      current += piece;
    } else if (piece === '</span>') {
      open.pop();
      current += piece;
    } else if (piece === '\n') {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else {
      current += piece;
    }
  }
  lines.push(current);
  return lines;
}

/**
 * Parses "{1,3-5}" into the set of 1-based line numbers it names among a block's `lineCount`
 * lines. Ranges are clamped to the block, so the work and the set never outgrow the block
 * however large the numbers written ("{1-10000000}" on a three-line block is lines 1 to 3).
 * `outside` lists the parts that name no line of the block, for a warning.
 */
export function parseLineRanges(spec: string, lineCount: number): { lines: Set<number>; outside: string[] } {
  const lines = new Set<number>();
  const outside: string[] = [];
  for (const part of spec.split(',')) {
    const [from, to] = part.trim().split('-').map((n) => Number(n));
    if (from === undefined || !Number.isInteger(from)) continue;
    const end = to !== undefined && Number.isInteger(to) ? to : from;
    if (end > lineCount || from < 1) outside.push(part.trim());
    for (let line = Math.max(from, 1); line <= Math.min(end, lineCount); line++) lines.add(line);
  }
  return { lines, outside };
}
