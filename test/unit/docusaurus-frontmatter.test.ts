// Docusaurus docs folders as they are: file names, front matter and what a reader sees of them in
// the built site (test/fixtures/docusaurus-frontmatter/, laid over the basic fixture).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildInto, fixtureOverlay, ROOT } from '../helpers/site.ts';

const site = fixtureOverlay(join(ROOT, 'test/fixtures/docusaurus-frontmatter'));
const built = await buildInto(site);
after(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(join(built.outDir, '..'), { recursive: true, force: true });
});
const page = (route: string) => join(built.outDir, route.slice(1), 'index.html');
const read = (route: string) => readFileSync(page(route), 'utf8');
/** The text of the cards of a generated category page, in order. */
const cardTitles = (route: string) => [...read(route).matchAll(/<span class="card__title">(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/span>/g)].map((m) => m[1]?.trim());

test('the fixture builds without warnings', () => {
  assert.deepEqual(built.result.warnings.map((w) => `${w.file}:${w.line ?? ''} ${w.message}`), []);
});

test('number prefixes with "-", "_" or "." order the pages and leave their routes; a date stays in the name', () => {
  for (const route of ['/docs/studio/overview/', '/docs/studio/upscaling/', '/docs/studio/2024-01-release-notes/']) assert.ok(existsSync(page(route)), route);
  assert.deepEqual(cardTitles('/docs/category/studio/').filter((title) => title !== 'Styles'), ['Studio overview', 'Upscaling', 'January release notes']);
});

test('a front matter block of comments only is empty: the page takes its title from its heading', () => {
  const html = read('/docs/studio/overview/');
  assert.match(html, /<title>Studio overview \| Fixture docs<\/title>/);
  assert.doesNotMatch(html, /sidebar_position|Written by the docs team/);
});

test('an .mdx file is a doc, and a link to it leads to its route', () => {
  const html = read('/docs/studio/styles/');
  assert.match(html, /<title>Styles \| Fixture docs<\/title>/);
  assert.match(html, /<meta name="description" content="The styles a studio request can ask for\."\/>/);
  assert.deepEqual(cardTitles('/docs/category/studio/'), ['Studio overview', 'Styles', 'Upscaling', 'January release notes']);
  const overview = read('/docs/studio/overview/');
  assert.match(overview, /<a href="\/docs\/studio\/styles\/">the styles<\/a>/);
  assert.match(overview, /<a href="\/docs\/studio\/upscaling\/#sizes">larger images<\/a>/);
  // Its markdown twin is published like any doc's.
  assert.match(readFileSync(join(built.outDir, 'docs/studio/styles/index.md'), 'utf8'), /A style sets the look/);
});
