// The generated HTML reads well by hand (lib/render/format-html.ts): on every page of the real
// site, no line is longer than LIMIT characters outside code blocks and inline scripts (whose bytes
// are kept as they are) but for one author-written attribute value, and no attribute or text
// outside code blocks spells an apostrophe as &#x27;.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { buildInto, ROOT } from '../helpers/site.ts';

/** About twice the formatter's target width: room for one long word or attribute. */
const LIMIT = 200;

/** The page with the content of <pre> and <script> elements (kept byte for byte) reduced to its newlines. */
function withoutVerbatim(html: string): string {
  return html.replace(/(<(pre|script)\b[^>]*>)([\s\S]*?)(<\/\2>)/g, (_all, open: string, _name, content: string, close: string) =>
    open + content.replace(/[^\n]/g, '') + close);
}

/**
 * A line over LIMIT that one attribute value makes long: an alt text or description written by an
 * author, which cannot be broken without changing it. The formatter sets such a value on a line of
 * its own, so the rest of the line is short.
 */
function oneLongValue(line: string): boolean {
  const values = [...line.matchAll(/="[^"]*"/g)].map((match) => match[0].length);
  const longest = Math.max(0, ...values);
  return longest > LIMIT / 2 && line.length - longest <= LIMIT / 4;
}

/** "file:line: length" for each line over LIMIT, and "file:line: &#x27;" for each needless entity. */
function unreadable(file: string, html: string): string[] {
  const problems: string[] = [];
  withoutVerbatim(html).split('\n').forEach((line, index) => {
    if (line.length > LIMIT && !oneLongValue(line)) problems.push(`${file}:${index + 1}: ${line.length} characters: ${line.slice(0, 100)}…`);
    if (line.includes('&#x27;')) problems.push(`${file}:${index + 1}: &#x27; for an apostrophe: ${line.slice(0, 100)}…`);
  });
  return problems;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.html')).map((path) => join(dir, path));
}

test('every page of the real site has short lines outside code blocks and no &#x27;', async (t) => {
  const { outDir } = await buildInto(ROOT);
  t.after(() => rmSync(dirname(outDir), { recursive: true, force: true }));
  const files = htmlFiles(outDir);
  assert.ok(files.length > 100, `only ${files.length} pages`);
  const problems = files.flatMap((file) => unreadable(file.slice(outDir.length + 1), readFileSync(file, 'utf8')));
  assert.deepEqual(problems.slice(0, 20), [], `${problems.length} problems`);
});
