// A tag with many docs (lib/assemble/tags.ts): TAG_PAGE_SIZE docs a page, in title order, at the
// tag's route and then {route}page/2/, …, each page saying where it is and linking its neighbours.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TAG_PAGE_SIZE, tagPages } from '../../lib/assemble/tags.ts';
import type { DocPage, TagGroup } from '../../lib/model.ts';
import { buildInto, fixtureWith } from '../helpers/site.ts';

const group = (count: number): TagGroup => ({
  label: 'Many', slug: 'many', route: '/docs/tags/many/',
  docs: Array.from({ length: count }, (_, index) => ({ route: `/docs/many/doc-${index}/` }) as DocPage),
});

test('a tag gets one page up to TAG_PAGE_SIZE docs, then one more for each TAG_PAGE_SIZE more', () => {
  assert.equal(TAG_PAGE_SIZE, 100);
  assert.deepEqual(tagPages(group(1)).map((page) => page.route), ['/docs/tags/many/']);
  assert.deepEqual(tagPages(group(100)).map((page) => [page.route, page.docs.length]), [['/docs/tags/many/', 100]]);
  const pages = tagPages(group(201));
  assert.deepEqual(pages.map((page) => [page.route, page.page, page.pages, page.docs.length]),
    [['/docs/tags/many/', 1, 3, 100], ['/docs/tags/many/page/2/', 2, 3, 100], ['/docs/tags/many/page/3/', 3, 3, 1]]);
  assert.deepEqual(pages.flatMap((page) => page.docs), group(201).docs, 'every doc once, in order');
});

test('a site with a tag of 230 docs: three tag pages that list each doc once, in title order, linked to each other', async (t) => {
  const count = 230;
  const files: Record<string, string> = {};
  // Titles whose order differs from the file order: the pages follow the titles.
  for (let index = 0; index < count; index++) {
    files[`content/docs/many/doc-${index}.md`] = `---\ntitle: Topic ${String((index * 7) % count).padStart(3, '0')}\ntags: [Many]\n---\n\nAbout topic ${index}.\n`;
  }
  const site = fixtureWith(files);
  const { outDir } = await buildInto(site);
  t.after(() => {
    rmSync(site, { recursive: true, force: true });
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  });
  const page = (route: string) => readFileSync(join(outDir, route, 'index.html'), 'utf8');
  const titles = (html: string) => [...html.matchAll(/<h2>(Topic \d+)<\/h2>/g)].map((match) => match[1]);
  const [first, second, third] = ['docs/tags/many', 'docs/tags/many/page/2', 'docs/tags/many/page/3'].map(page);
  assert.deepEqual([first, second, third].map((html) => titles(html ?? '').length), [100, 100, 30]);
  const listed = [first, second, third].flatMap((html) => titles(html ?? ''));
  assert.deepEqual(listed, Array.from({ length: count }, (_, index) => `Topic ${String(index).padStart(3, '0')}`));
  for (const [html, where] of [[first, 1], [second, 2], [third, 3]] as const) {
    assert.match(html ?? '', /<h1>230 docs tagged with "Many"<\/h1>/, 'the heading counts every doc of the tag');
    assert.match(html ?? '', new RegExp(`<p>Page ${where} of 3</p>`));
    assert.match(html ?? '', new RegExp(`<title>230 docs tagged with "Many", page ${where} of 3 \\|`));
  }
  assert.match(first ?? '', /href="\/docs\/tags\/many\/page\/2\/"[^>]*>[\s\S]*?Next/);
  assert.doesNotMatch(first ?? '', /pagination-nav__link--prev/);
  assert.match(second ?? '', /href="\/docs\/tags\/many\/"[^>]*>[\s\S]*?Previous/);
  assert.match(second ?? '', /href="\/docs\/tags\/many\/page\/3\/"[^>]*>[\s\S]*?Next/);
  assert.doesNotMatch(third ?? '', /pagination-nav__link--next/);
  // A tag with few docs keeps its single page, without any of that.
  const lora = page('docs/tags/lora');
  assert.doesNotMatch(lora, /Page 1 of|pagination-nav/);
  assert.match(readFileSync(join(outDir, 'sitemap.xml'), 'utf8'), /\/docs\/tags\/many\/page\/3\/<\/loc>/);
});
