// Docusaurus docs folders as they are: file names, front matter and what a reader sees of them in
// the built site (test/fixtures/docusaurus-frontmatter/, laid over the basic fixture).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildSite } from '../../lib/pipeline.ts';
import { buildError, buildInto, fixtureOverlay, ROOT, tempDir } from '../helpers/site.ts';

const FIXTURE = join(ROOT, 'test/fixtures/docusaurus-frontmatter');
const site = fixtureOverlay(FIXTURE);
const built = await buildInto(site);
const folders = [site, join(built.outDir, '..')];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const text = (path: string) => readFileSync(join(built.outDir, path), 'utf8');
/** Every file of the search index, as one text. */
const searchIndex = () => readdirSync(join(built.outDir, 'assets/search')).map((name) => text(`assets/search/${name}`)).join('\n');
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

test('a draft is left out of a production build: no page, sitemap entry, tag page entry, llms.txt line or search entry', () => {
  assert.equal(existsSync(page('/docs/studio/batch-mode/')), false);
  assert.doesNotMatch(text('sitemap.xml'), /batch-mode/);
  assert.doesNotMatch(read('/docs/tags/studio/'), /Batch mode/);
  assert.doesNotMatch(text('llms.txt') + text('llms-full.txt'), /Batch mode|marmoset/);
  assert.doesNotMatch(searchIndex(), /marmoset/);
  assert.doesNotMatch(read('/docs/category/studio/'), /Batch mode/);
});

test('npm start builds drafts like any page', async () => {
  const outDir = join(tempDir('pagewright-out-'), 'dist');
  folders.push(join(outDir, '..'));
  await buildSite({ root: ROOT, siteDir: site, outDir, drafts: true });
  assert.match(readFileSync(join(outDir, 'docs/studio/batch-mode/index.html'), 'utf8'), /<h1>Batch mode<\/h1>/);
  assert.match(readFileSync(join(outDir, 'docs/tags/studio/index.html'), 'utf8'), /Batch mode/);
});

test('a link to a draft fails the production build and says the page is a draft', async () => {
  const broken = fixtureOverlay(FIXTURE);
  folders.push(broken);
  writeFileSync(join(broken, 'content/docs/queue.md'), '# Queue\n\nSee [batch mode](./02_studio/4-batch-mode.md).\n');
  const message = await buildError(broken);
  assert.match(message, /content\/docs\/queue\.md:3: Broken link to "\/docs\/studio\/batch-mode\/": that page \(content\/docs\/02_studio\/4-batch-mode\.md\) is a draft/);
});

test('an unlisted doc is built with noindex but listed nowhere: sidebar, sitemap, tag pages, llms.txt, search', () => {
  const html = read('/docs/private-preview/');
  assert.match(html, /<meta name="robots" content="noindex"\/>/);
  assert.match(html, /Invited teams can try the quokka model/);
  assert.doesNotMatch(read('/docs/studio/overview/'), /<meta name="robots"|private-preview/);
  assert.doesNotMatch(html, /href="\/docs\/private-preview\/"/, 'not in the sidebar of its own page');
  assert.doesNotMatch(text('sitemap.xml'), /private-preview/);
  assert.doesNotMatch(read('/docs/tags/studio/'), /Private preview/);
  assert.match(read('/docs/tags/studio/'), /Upscaling/);
  // Its own tags: the shared one links to its page; the one only it has gets no page, so no link.
  assert.match(html, /<a href="\/docs\/tags\/studio\/" class="tag">studio<\/a>/);
  assert.equal(existsSync(page('/docs/tags/preview/')), false);
  assert.doesNotMatch(html, /\/docs\/tags\/preview\//);
  assert.doesNotMatch(text('llms.txt') + text('llms-full.txt'), /Private preview|quokka/);
  assert.doesNotMatch(searchIndex(), /quokka/);
  assert.match(searchIndex(), /four times its width/, 'the search index is readable here');
  // Its markdown twin is there for whoever has the address.
  assert.match(text('docs/private-preview/index.md'), /quokka/);
});
