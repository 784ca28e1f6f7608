// Transform: build-time syntax highlighting with an explicit language: never auto-detected
// (auto-detection is slow and guesses wrong), and a fence without a language is plain text.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import http from 'highlight.js/lib/languages/http';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = { bash, css, diff, http, javascript, json, markdown, python, shell, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Names that mean "no highlighting". */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Highlighted {
  html: string;
  /** The language name shown in the class, or undefined when unknown or plain. */
  language: string | undefined;
  unknown: boolean;
}

export function highlight(code: string, lang: string): Highlighted {
  const name = lang.toLowerCase();
  if (PLAIN.has(name)) return { html: escapeHtml(code), language: undefined, unknown: false };
  const language = hljs.getLanguage(name);
  if (!language) return { html: escapeHtml(code), language: undefined, unknown: true };
  return { html: hljs.highlight(code, { language: name, ignoreIllegals: true }).value, language: name, unknown: false };
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
