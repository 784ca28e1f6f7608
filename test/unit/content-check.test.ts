// A content check over the real site: what a careful editor would catch before publishing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildInto, ROOT } from '../helpers/site.ts';
import { countDocs, countWords } from '../helpers/word-count.ts';

const { result, outDir } = await buildInto(ROOT);
const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '/');
const pages = routes.map((route) => ({ route, html: readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8') }));

test('every internal link and anchor of the real site resolves (no build warnings)', () => {
  assert.deepEqual(result.warnings.map((w) => `${w.file}:${w.line ?? ''} ${w.message}`), []);
});

test('every page has a title and a description', () => {
  for (const { route, html } of pages) {
    assert.match(html, /<title>[^<|]+[^<]*<\/title>/, route);
    const description = /<meta name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.ok(description.trim().length >= 20, `${route}: description "${description}"`);
  }
});

test('no page carries placeholder text', () => {
  for (const { route, html } of pages) {
    const text = html.replace(/<[^>]+>/g, ' ');
    assert.doesNotMatch(text, /\bTODO\b|\blorem ipsum\b|\bTBD\b|\bFIXME\b/i, route);
  }
});

test('no section of a page is empty (a heading followed at once by a heading of the same or a higher level)', () => {
  for (const { route, html } of pages) {
    const body = /<div class="markdown__body">([\s\S]*?)<\/div>\s*<\/div>\s*(?:<footer|<\/article)/.exec(html)?.[1] ?? '';
    const headings = [...body.matchAll(/<h([2-6])[^>]*>[\s\S]*?<\/h\1>\s*(?=<h([2-6])\b)/g)];
    for (const match of headings) {
      const level = Number(match[1]);
      const next = Number(match[2]);
      assert.ok(next > level, `${route}: empty section "${match[0].replace(/<[^>]+>/g, '').trim()}"`);
    }
  }
});

test('every image has alt text', () => {
  for (const { route, html } of pages) {
    for (const img of html.matchAll(/<img\b[^>]*>/g)) {
      const alt = /\balt="([^"]*)"/.exec(img[0])?.[1];
      assert.ok(alt && alt.trim().length > 0, `${route}: ${img[0]}`);
    }
  }
});


test('the content check reports the docs\' word count (prose and code, per section)', (t) => {
  const files = readdirSync(join(ROOT, 'content/docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => ({ path: `content/docs/${path}`, text: readFileSync(join(ROOT, 'content/docs', path), 'utf8') }));
  const { total, sections } = countDocs(files);
  t.diagnostic(`docs: ${files.length} files, ${total.prose} words of prose and ${total.code} in code blocks`);
  for (const [section, count] of [...sections].sort()) t.diagnostic(`  ${section || '(top level)'}: ${count.prose} prose, ${count.code} code`);
  assert.ok(total.prose > 0 && total.code > 0);
  // The counter itself: front matter and fenced code apart from prose.
  assert.deepEqual(countWords('---\ntitle: Not counted\n---\n\nTwo words.\n\n```bash\ncurl -X POST "https://api.example.com"\n```\n'), { prose: 2, code: 7 });
});
