import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildError, buildInto, fixtureWith, BASIC_FIXTURE, tempDir } from '../helpers/site.ts';

const built = await buildInto(BASIC_FIXTURE);
const read = (route: string) => readFileSync(join(built.outDir, route.slice(1), route.endsWith('/') ? 'index.html' : ''), 'utf8');

test('every page type is written as route/index.html, plus 404, sitemap and robots', () => {
  for (const route of ['/', '/docs/', '/docs/changes/', '/docs/guides/first/', '/docs/category/guides/', '/docs/tags/', '/docs/tags/lo-ra/', '/about/']) {
    assert.ok(existsSync(join(built.outDir, route.slice(1), 'index.html')), route);
  }
  assert.ok(existsSync(join(built.outDir, '404.html')));
  const sitemap = readFileSync(join(built.outDir, 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /<loc>https:\/\/fixture\.example\.com\/docs\/guides\/first\/<\/loc>/);
  assert.doesNotMatch(sitemap, /404/);
  for (const loc of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) assert.ok(loc[1]?.endsWith('/'), String(loc[1]));
  assert.match(readFileSync(join(built.outDir, 'robots.txt'), 'utf8'), /Sitemap: https:\/\/fixture\.example\.com\/sitemap\.xml/);
  assert.deepEqual(built.result.warnings, []);
});

test('the head carries title, description, canonical, social tags, generator and the no-flash script', () => {
  const html = read('/docs/guides/first/');
  assert.match(html, /<html lang="en" dir="ltr" data-theme="light" data-base-url="\/" data-has-hydrated="false">/);
  assert.match(html, /<title>First guide \| Fixture docs<\/title>/);
  assert.match(html, /<meta name="description" content="The first guide of the fixture\."\/>/);
  assert.match(html, /<link rel="canonical" href="https:\/\/fixture\.example\.com\/docs\/guides\/first\/"\/>/);
  assert.match(html, /<meta property="og:title" content="First guide \| Fixture docs"\/>/);
  assert.match(html, /<meta name="twitter:card" content="summary"\/>/);
  assert.match(html, /<meta name="generator" content="Pagewright 2\.4\.3"\/>/);
  assert.match(html, /<meta name="docs-version" content="current"\/>/);
  assert.match(html, /<meta name="docs-version-label" content="Next"\/>/);
  assert.match(html, /<meta name="color-scheme" content="light dark"\/>/);
  assert.match(html, /<link rel="icon" href="\/assets\/images\/favicon\.[0-9a-f]{10}\.svg"/);
  assert.match(html, /<script>\(function\(\)\{[^<]*localStorage[^<]*"theme"[^<]*<\/script>/);
  // Home without its own page title shows the configured one.
  assert.match(read('/'), /<title>Fixture home \| Fixture docs<\/title>/);
});

test('a doc page has sidebar, breadcrumbs, tags, previous/next and an h2–h3 table of contents', () => {
  const html = read('/docs/guides/first/');
  assert.match(html, /<a href="\/docs\/guides\/first\/" class="menu__link menu__link--active" aria-current="page">First guide<\/a>/);
  assert.match(html, /<nav class="breadcrumbs" aria-label="Breadcrumbs">/);
  assert.match(html, /<b>Tags:<\/b>/);
  assert.match(html, /<a href="\/docs\/tags\/lo-ra\/" class="tag">LoRA<\/a>/);
  assert.match(html, /pagination-nav__sublabel">Previous<\/span><span\s+class="pagination-nav__label">Guides</);
  assert.match(html, /pagination-nav__sublabel">Next<\/span><span\s+class="pagination-nav__label">Second\s+guide</);
  const toc = /<nav class="toc" aria-label="On this page">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  assert.deepEqual([...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]), ['setup', 'details', 'use', 'reference']);
  // Front matter changes the levels (to h4) or hides the table of contents.
  assert.match(read('/docs/reference/things/create/'), /<a href="#fields" class="toc__link">Fields<\/a>/);
  assert.doesNotMatch(read('/docs/reference/things/'), /class="toc"/);
});

test('category index pages list a card per child with its description', () => {
  const html = read('/docs/category/guides/');
  assert.match(html, /<h1>Guides<\/h1>/);
  assert.match(html, /Guides that walk through a whole task\./);
  assert.match(html, /<a href="\/docs\/guides\/first\/"\s+class="card">[\s\S]*?First\s+guide[\s\S]*?The\s+first\s+guide\s+of\s+the\s+fixture\./);
  assert.match(read('/docs/category/reference/'), /<a href="\/docs\/category\/things\/"\s+class="card">/);
});

test('tag pages: counts grouped by letter, "N docs tagged with", "View All Tags"', () => {
  const index = read('/docs/tags/');
  assert.match(index, /<h1>Tags<\/h1>/);
  assert.match(index, /<h2 id="letter-L">L<\/h2>/);
  assert.match(index, /LoRA<span class="tag__count">2<\/span>/);
  const loRa = read('/docs/tags/lo-ra/');
  assert.match(loRa, /<h1>2 docs tagged with "LoRA"<\/h1>/);
  assert.match(loRa, /View All Tags/);
  assert.match(read('/docs/tags/noise-offset/'), /One doc tagged with "noise offset"/);
  // "lora" and "LoRA" are different tags (different slugs).
  assert.match(read('/docs/tags/lora/'), /One doc tagged with "lora"/);
});

test('the not-found page says "Page Not Found" and links home and to the docs', () => {
  const html = readFileSync(join(built.outDir, '404.html'), 'utf8');
  assert.match(html, /<title>Page Not Found \| Fixture docs<\/title>/);
  assert.match(html, /<h1>Page Not Found<\/h1>/);
  assert.match(html, /We could not find what you were looking for\./);
  assert.match(html, /href="\/docs\/"/);
});

test('the broken-link fixture fails the build with file, line and target, and leaves dist/ as it was', async () => {
  const outDir = join(tempDir(), 'dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'marker.txt'), 'previous build');
  const message = await buildError(join(BASIC_FIXTURE, '../broken-link'), outDir);
  assert.match(message, /content\/docs\/changes\.md:5: Broken link to "\/docs\/guides\/new\/": no page has this route\./);
  assert.equal(readFileSync(join(outDir, 'marker.txt'), 'utf8'), 'previous build');
  assert.deepEqual(readdirSync(outDir), ['marker.txt']);
});

test('a broken link in any page is reported with its own file and line', async () => {
  const site = fixtureWith({ 'content/docs/guides/3-broken.md': '# Broken\n\nIntro.\n\nSee [nowhere](/docs/nowhere/).\n' });
  assert.match(await buildError(site), /content\/docs\/guides\/3-broken\.md:5: Broken link to "\/docs\/nowhere\/"/);
});

test('a broken link in site.yml names the configuration line', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('- label: Guides\n          href: /docs/category/guides/', '- label: Guides\n          href: /docs/category/gone/');
  const site = fixtureWith({ 'content/site.yml': config });
  const message = await buildError(site);
  const line = config.split('\n').findIndex((l) => l.includes('/docs/category/gone/')) + 1;
  assert.match(message, new RegExp(`content/site\\.yml:${line}: Broken link to "/docs/category/gone/"`));
});

test('bad front matter fails the build naming the file and the line', async () => {
  const site = fixtureWith({ 'content/docs/guides/3-bad.md': '---\ntitle: Bad\ntags: not-a-list\n---\n# Bad\n' });
  assert.match(await buildError(site), /content\/docs\/guides\/3-bad\.md:3: "tags" must be a list of texts/);
});

test('two sources for one route give a warning naming both', async () => {
  const site = fixtureWith({ 'content/docs/guides/3-dup.md': '---\nslug: /guides/first\n---\n# Duplicate\n' });
  const { result } = await buildInto(site);
  const warning = result.warnings.find((w) => w.message.includes('Duplicate route'));
  assert.ok(warning, JSON.stringify(result.warnings));
  assert.match(warning.file, /3-dup\.md$/);
  assert.match(warning.message, /"\/docs\/guides\/first\/": also produced by content\/docs\/guides\/1-first\.md/);
});

test('a category page at a doc\'s route gives a warning naming the doc, whose page is kept', async () => {
  const category = 'label: Extra\nlink:\n  type: generated-index\n  slug: /guides/first\n  description: A category whose page asks for a doc\'s route.\n';
  const site = fixtureWith({ 'content/docs/extra/_category_.yml': category, 'content/docs/extra/1-a.md': '# A page of the extra category\n' });
  const { result, outDir } = await buildInto(site);
  const warnings = result.warnings.filter((w) => w.message.includes('Duplicate route'));
  assert.deepEqual(warnings.map((w) => [w.file, w.message.split(';')[0]]), [
    ['content/docs/extra/_category_.yml', 'Duplicate route "/docs/guides/first/": also produced by content/docs/guides/1-first.md'],
  ]);
  assert.match(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'), /<h1>First guide<\/h1>/);
  assert.equal(readFileSync(join(outDir, 'sitemap.xml'), 'utf8').split('/docs/guides/first/<').length, 2, 'one page at the route');
});

test('a link to a missing anchor is a warning with file and line', async () => {
  const site = fixtureWith({ 'content/docs/guides/3-anchor.md': '# Anchor\n\n[Jump](/docs/guides/first/#no-such-heading)\n' });
  const { result } = await buildInto(site);
  const warning = result.warnings.find((w) => w.message.includes('no-such-heading'));
  assert.ok(warning);
  assert.equal(warning.line, 3);
});

test('a base URL prefixes every link and asset', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('baseUrl: /', 'baseUrl: /sub/');
  const { outDir } = await buildInto(fixtureWith({ 'content/site.yml': config }));
  const html = readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8');
  assert.match(html, /href="\/sub\/docs\/guides\/second\/#deep-section"/);
  assert.match(html, /<link rel="stylesheet" href="\/sub\/assets\/css\/main\.[0-9a-f]{10}\.css"\/>/);
  assert.doesNotMatch(html, /href="\/docs\//);
});

test('budget: the page script is at most 10 KB gzipped, medium-zoom included; search loads apart', async () => {
  const { gzipSync } = await import('node:zlib');
  const dir = join(built.outDir, 'assets/js');
  const html = readFileSync(join(built.outDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script src="\/assets\/js\/([^"]+)"/g)].map((match) => match[1] ?? '');
  assert.equal(scripts.length, 1, 'one script on first load, no chunks');
  const main = scripts[0] ?? '';
  const bytes = gzipSync(readFileSync(join(dir, main))).length;
  assert.ok(bytes <= 10 * 1024, `${bytes} bytes gzipped`);
  assert.match(readFileSync(join(dir, main), 'utf8'), /medium-zoom/);
  assert.deepEqual(readdirSync(dir).filter((name) => name !== main).map((name) => name.replace(/\.[0-9a-f]{10}\./, '.')), ['search.js'],
    'the only other script is the search module, loaded on first use');
});

test('with a sidebar per top-level folder, a page carries its own section only, once', async () => {
  const siteYml = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('  mainDoc: changes', '  mainDoc: changes\n  sidebarPerFolder: true');
  const { outDir, result } = await buildInto(fixtureWith({ 'content/site.yml': siteYml }));
  assert.deepEqual(result.warnings, []);
  const page = (route: string) => readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');
  const sidebarOf = (route: string) => {
    const navs = [...page(route).matchAll(/<nav class="sidebar"[^>]*>([\s\S]*?)<\/nav>/g)];
    assert.equal(navs.length, 1, `${route}: one sidebar in the page`);
    return [...(navs[0]?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  };
  const guide = sidebarOf('/docs/guides/first/');
  assert.ok(guide.includes('/docs/guides/second/'), 'its section');
  assert.ok(!guide.includes('/docs/reference/things/create/'), 'no other section');
  // Pages outside every folder list the top-level docs and one link per section.
  const changes = sidebarOf('/docs/changes/');
  assert.ok(changes.includes('/docs/category/guides/') && changes.includes('/docs/changes/'));
  assert.ok(!changes.includes('/docs/guides/second/'));
  // Previous/next stay within the section: its first page has no previous one (with one sidebar
  // for all docs, the changelog before it would be).
  assert.match(page('/docs/guides/first/'), /pagination-nav__link--prev/);
  assert.doesNotMatch(page('/docs/category/guides/'), /pagination-nav__link--prev/);
});
