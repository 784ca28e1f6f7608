// Transform: build-time syntax highlighting with an explicit language: never auto-detected
// (auto-detection is slow and guesses wrong), and a fence without a language is plain text; an
// HTTP message's body takes the language its Content-Type names, or its first character ("{", "[",
// "<") shows, and is guessed only when neither does.
// Every language highlight.js ships can be named (lib/transform/highlight-languages.ts); each is
// loaded the first time a page uses it.
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
 * The languages an embedded part of unnamed language is guessed among (an HTTP message's body
 * whose Content-Type names no language: see BODY_LANGUAGES). A fixed list, so that the guess does
 * not depend on which languages earlier pages loaded.
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
function load(module: string, definition = (): LanguageFn => require(`highlight.js/lib/languages/${module}`) as LanguageFn): void {
  if (hljs.getLanguage(module)) return;
  hljs.registerLanguage(module, definition());
  const language = hljs.getLanguage(module);
  if (language) for (const embedded of embeddedLanguages(language)) load(embedded);
}

/**
 * The language of an HTTP message's body by the media type its Content-Type header names
 * (parameters such as "; charset=utf-8" aside): highlight.js would guess it among GUESSED_AMONG,
 * which took a JSON webhook body for bash, and compiled and ran all twelve grammars to do so (~80
 * ms of a cold build of the real site). A type named here but not highlightable is plain text.
 * Without the header, or with a type not named here, a body that starts as JSON or markup does
 * ("{", "[", "<"), and any other is still guessed.
 */
const BODY_LANGUAGES: Readonly<Record<string, string>> = {
  'application/json': 'json', 'application/ld+json': 'json', 'application/problem+json': 'json',
  'application/xml': 'xml', 'text/xml': 'xml', 'text/html': 'xml', 'application/xhtml+xml': 'xml', 'image/svg+xml': 'xml',
  'text/css': 'css', 'application/javascript': 'javascript', 'text/javascript': 'javascript',
  'application/yaml': 'yaml', 'application/x-yaml': 'yaml', 'text/yaml': 'yaml', 'text/markdown': 'markdown',
  'text/plain': 'plaintext', 'application/x-www-form-urlencoded': 'plaintext', 'multipart/form-data': 'plaintext',
  'application/octet-stream': 'plaintext',
};

/** The structured-syntax suffixes of RFC 6839 ("application/vnd.example+json") and their languages. */
const BODY_SUFFIXES: Readonly<Record<string, string>> = { '+json': 'json', '+xml': 'xml', '+yaml': 'yaml' };

/**
 * The body language of an HTTP message's code: by its first Content-Type header (before the blank
 * line that starts the body, as highlight.js reads the message), else by how the body starts;
 * undefined to guess.
 */
function httpBodyLanguage(code: string): string | undefined {
  const blank = code.indexOf('\n\n');
  for (const line of (blank === -1 ? code : code.slice(0, blank)).split('\n')) {
    const type = /^content-type[ \t]*:[ \t]*([^;\s]+)/i.exec(line)?.[1]?.toLowerCase();
    if (type === undefined) continue;
    if (Object.hasOwn(BODY_LANGUAGES, type)) return BODY_LANGUAGES[type];
    const suffix = /\+[a-z]+$/.exec(type)?.[0];
    if (suffix !== undefined && Object.hasOwn(BODY_SUFFIXES, suffix)) return BODY_SUFFIXES[suffix];
    break;
  }
  if (blank === -1) return undefined;
  const first = code.slice(blank + 2).trimStart().charAt(0);
  return first === '{' || first === '[' ? 'json' : first === '<' ? 'xml' : undefined;
}

/**
 * highlight.js's HTTP language with its body in `body` instead of guessed, registered under a name
 * of its own ("http-body-json"): the body's mode is the one whose subLanguage is the empty list
 * (guess among all).
 */
function httpWithBody(body: string): LanguageFn {
  const http = require('highlight.js/lib/languages/http') as LanguageFn;
  return (api) => {
    const definition = http(api);
    eachMode(definition, (mode) => {
      if (Array.isArray(mode.subLanguage) && mode.subLanguage.length === 0) mode.subLanguage = body;
    });
    return definition;
  };
}

/** The modules of the languages a definition embeds by name (its modes' subLanguage), or the guessed-among ones. */
function embeddedLanguages(language: Mode): string[] {
  const found = new Set<string>();
  eachMode(language, (mode) => {
    const sub = mode.subLanguage;
    if (sub !== undefined) for (const name of typeof sub === 'string' ? [sub] : sub.length > 0 ? sub : GUESSED_AMONG) found.add(name);
  });
  return [...found].map((name) => LANGUAGE_MODULES[name]).filter((module): module is string => module !== undefined);
}

/** Every object reachable from a language definition (its modes among them), each once. */
function eachMode(definition: object, visit: (mode: Mode) => void): void {
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || value instanceof RegExp || seen.has(value)) return;
    seen.add(value);
    visit(value as Mode);
    for (const child of Object.values(value)) walk(child);
  };
  walk(definition);
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
  const body = module === 'http' ? httpBodyLanguage(code) : undefined;
  const language = body === undefined ? module : `http-body-${body}`;
  load(language, body === undefined ? undefined : () => httpWithBody(body));
  return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language: name, unknown: false };
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
