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
  assert.deepEqual(cardTitles('/docs/category/studio/').filter((title) => title !== 'Styles' && title !== 'Studio pricing'), ['Studio overview', 'Upscaling', 'January release notes']);
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
  assert.deepEqual(cardTitles('/docs/category/studio/'), ['Studio overview', 'Styles', 'Upscaling', 'Studio pricing', 'January release notes']);
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

/** The "Previous" and "Next" labels and targets of a doc page. */
function pagination(route: string): Record<string, string> {
  const nav = /<nav class="pagination-nav"[\s\S]*?<\/nav>/.exec(read(route))?.[0] ?? '';
  return Object.fromEntries([...nav.matchAll(/<a[^>]*href="([^"]+)"[\s\S]*?sublabel">(Previous|Next)<\/span><span\s+class="pagination-nav__label">([^<]+)</g)]
    .map((m) => [m[2] ?? '', `${m[3]?.replace(/\s+/g, ' ').trim()} ${m[1]}`]));
}

test('pagination_prev: null, pagination_next: an id and pagination_label change "Previous" and "Next"', () => {
  assert.deepEqual(pagination('/docs/studio/styles/'), { Next: 'January release notes /docs/studio/2024-01-release-notes/' });
  // The sidebar's neighbour of the page is labelled by its pagination_label.
  assert.deepEqual(pagination('/docs/studio/overview/'), { Previous: 'Studio /docs/category/studio/', Next: 'Styles /docs/studio/styles/' });
  assert.equal(pagination('/docs/studio/pricing/').Previous, 'Upscale images /docs/studio/upscaling/');
});

test('image: the page\'s own link preview, from a file beside it or an https address', () => {
  const styles = read('/docs/studio/styles/');
  const url = /<meta property="og:image" content="([^"]+)"/.exec(styles)?.[1] ?? '';
  assert.match(url, /^https:\/\/fixture\.example\.com\/assets\/images\/styles-card\.[0-9a-f]{10}\.png$/);
  assert.ok(existsSync(join(built.outDir, new URL(url).pathname.slice(1))), url);
  assert.match(styles, /<meta property="og:image:width" content="120"\/>\s*<meta property="og:image:height" content="63"\/>/);
  assert.match(styles, /<meta name="twitter:card" content="summary_large_image"\/>/);
  assert.match(read('/docs/studio/2024-01-release-notes/'), /<meta property="og:image" content="https:\/\/cdn\.example\.com\/studio\/release-notes\.png"\/>/);
  assert.doesNotMatch(read('/docs/studio/overview/'), /og:image/);
});

test('an image outside the site folder or missing fails at its front matter line', async () => {
  for (const [image, problem] of [['../../../../../etc/passwd', /outside|not an image|allowed/i], ['./missing.png', /not found/], ['/img/missing.png', /Broken link to "\/img\/missing\.png"/]] as const) {
    const bad = fixtureOverlay(FIXTURE);
    folders.push(bad);
    writeFileSync(join(bad, 'content/docs/card.md'), `---\ntitle: Card\nimage: ${image}\n---\n\nText.\n`);
    const message = await buildError(bad, join(bad, 'out'));
    assert.match(message, /content\/docs\/card\.md:3: /, image);
    assert.match(message, problem, image);
  }
});

test('custom_edit_url links "Edit this page" to its address; null hides the link site.yml would give', async () => {
  assert.match(read('/docs/studio/styles/'), /<a class="doc-meta__edit" href="https:\/\/git\.example\.com\/studio\/edit\/main\/styles\.mdx"/);
  const edited = fixtureOverlay(FIXTURE);
  folders.push(edited);
  const config = join(edited, 'content/site.yml');
  writeFileSync(config, readFileSync(config, 'utf8').replace('  mainDoc: changes\n', '  mainDoc: changes\n  editUrl: https://git.example.com/docs/edit/main/\n'));
  const outDir = join(edited, 'out');
  await buildInto(edited, outDir);
  assert.match(readFileSync(join(outDir, 'docs/studio/upscaling/index.html'), 'utf8'), /href="https:\/\/git\.example\.com\/docs\/edit\/main\/content\/docs\/02_studio\/3_upscaling\.md"/);
  assert.doesNotMatch(readFileSync(join(outDir, 'docs/studio/pricing/index.html'), 'utf8'), /doc-meta__edit/);
});

test('hide_title hides the front matter title; last_update sets the date and author', () => {
  const pricing = read('/docs/studio/pricing/');
  assert.doesNotMatch(pricing, /<h1>Studio pricing<\/h1>/);
  assert.match(pricing, /<title>Studio pricing \| Fixture docs<\/title>/);
  assert.match(read('/docs/studio/upscaling/'), /<h1[^>]*>Upscaling/);
  assert.match(read('/docs/studio/2024-01-release-notes/'),
    /Last updated on <time datetime="2025-11-23">Nov 23, 2025<\/time>\s*by\s*<b>Ada Lopez<\/b>/);
});

test('sidebar_class_name classes the sidebar item; a tag with a permalink gets its page there', () => {
  assert.match(read('/docs/studio/overview/'), /<li class="menu__item sidebar-beta"><a href="\/docs\/studio\/upscaling\/"/);
  assert.match(read('/docs/tags/image-models/'), /Styles/);
  assert.match(read('/docs/studio/styles/'), /<a href="\/docs\/tags\/image-models\/" class="tag">Image models<\/a>/);
});

test('a tag permalink that climbs out of the tags pages, or a wrong last_update, fails at its line', async () => {
  for (const [frontMatter, line, problem] of [
    ['tags:\n  - label: Escape\n    permalink: /../../index', 5, /permalink "\/\.\.\/\.\.\/index" contains a "\.\." part/],
    ['last_update:\n  date: someday', 4, /"last_update\.date" is not a date/],
    ['sidebar_class_name: "x\\" onclick=y"', 3, /class names/],
    ['pagination_next: studio/nowhere', 3, /pagination_next is "studio\/nowhere", but no doc has that id/],
  ] as const) {
    const bad = fixtureOverlay(FIXTURE);
    folders.push(bad);
    writeFileSync(join(bad, 'content/docs/bad.md'), `---\ntitle: Bad\n${frontMatter}\n---\n\nText.\n`);
    const message = await buildError(bad, join(bad, 'out'));
    assert.match(message, new RegExp(`content/docs/bad\\.md:${line}: `), message);
    assert.match(message, problem, message);
  }
});
