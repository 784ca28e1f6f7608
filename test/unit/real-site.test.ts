// Checks of the real content: the site in content/ builds cleanly and has what the specification lists.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildInto, ROOT } from '../helpers/site.ts';

const { result, outDir } = await buildInto(ROOT);
const page = (route: string) => readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');

test('the real site builds without warnings', () => {
  assert.deepEqual(result.warnings, []);
});

test('every category index route of the specification exists', () => {
  for (const slug of ['api', 'features', 'images', 'likes', 'pack-tunes', 'packs', 'prompts', 'themes', 'tunes', 'use-cases']) {
    assert.ok(existsSync(join(outDir, 'docs/category', slug, 'index.html')), slug);
  }
});

test('the home page shows the site title and tagline, with calls to action into the docs', () => {
  const html = page('/');
  assert.match(html, /<h1 class="hero__title">the product documentation<\/h1>/);
  assert.match(html, /<p class="hero__tagline">Fine-tuning and high quality image generation<\/p>/);
  assert.match(html, /<a href="\/docs\/api\/quickstart\/" class="button button--primary">Get started<\/a>/);
  assert.match(html, /<a href="\/docs\/category\/use-cases\/" class="button button--secondary">Explore use cases<\/a>/);
  assert.equal([...html.matchAll(/class="card"/g)].length, 4);
});

test('the Quickstart is the first page of the API section, before the Overview', () => {
  const html = page('/docs/changes/');
  const api = /href="\/docs\/category\/api\/"\s+class="menu__link[\s\S]*?<ul class="menu menu--level-2">\s*<li class="menu__item"><a href="([^"]+)"[\s\S]*?<li class="menu__item"><a href="([^"]+)"/.exec(html);
  assert.deepEqual([api?.[1], api?.[2]], ['/docs/api/quickstart/', '/docs/api/overview/']);
});

test('the real site ships an announcement that points to the changelog', () => {
  const html = page('/');
  assert.match(html, /<section class="announcement" aria-label="Announcement" data-announcement-id="[^"]+">/);
  assert.match(html, /class="announcement"[\s\S]*?href="\/docs\/changes\/"/);
});

test('the changelog is the first sidebar item and lists dated entries newest first', () => {
  const html = page('/docs/changes/');
  assert.match(html, /<title>Changes \| the product documentation<\/title>/);
  const sidebar = /<aside class="docs-sidebar"[^>]*>([\s\S]*?)<\/aside>/.exec(html)?.[1] ?? '';
  assert.match(sidebar, /^\s*<nav class="sidebar" aria-label="Docs sidebar">\s*<ul class="menu menu--level-1">\s*<li class="menu__item"><a href="\/docs\/changes\/"/);
  // Each entry is an anchor of its own whose date links to it.
  const entries = [...html.matchAll(/<li id="(change-[\d-]+)" class="changelog-entry"><a class="changelog-entry__date"\s+href="#([^"]+)"><time datetime="(\d{4}-\d{2}-\d{2})">/g)];
  const dates = entries.map((m) => m[3] ?? '');
  assert.ok(dates.length >= 50, `${dates.length} dated entries`);
  for (const [, id, href, date] of entries) assert.ok(id === href && id?.startsWith(`change-${date}`), `${id} links to #${href}`);
  assert.equal(new Set(entries.map((m) => m[1])).size, entries.length, 'anchors are unique');
  for (let i = 1; i < dates.length; i++) assert.ok((dates[i - 1] ?? '') >= (dates[i] ?? ''), `${dates[i - 1]} before ${dates[i]}`);
});

test('the docs landing page is a real page in the docs shell, leading to the main sections', () => {
  const html = page('/docs/');
  assert.match(html, /<aside class="docs-sidebar"[^>]*>/);
  for (const route of ['/docs/changes/', '/docs/category/api/', '/docs/category/use-cases/', '/docs/category/features/', '/docs/api/quickstart/', '/markdown-page/']) {
    assert.ok(html.includes(`href="${route}"`), route);
  }
});

test('the standalone markdown page explains these docs and has no docs sidebar', () => {
  const html = page('/markdown-page/');
  assert.match(html, /<title>About these docs \| the product documentation<\/title>/);
  assert.doesNotMatch(html, /class="docs-sidebar"/);
});

test('the generator meta names version 2.4.3 on every page', () => {
  for (const route of ['/', '/docs/changes/', '/docs/tags/', '/markdown-page/']) {
    assert.match(page(route), /<meta name="generator" content="Pagewright 2\.4\.3"\/>/, route);
  }
});

test('/llms.txt lists every doc page exactly once, with its title and description; /docs/llms.txt is the same', () => {
  const text = readFileSync(join(outDir, 'llms.txt'), 'utf8');
  assert.equal(readFileSync(join(outDir, 'docs/llms.txt'), 'utf8'), text);
  assert.match(text, /^# .+\n\n> .+\n\nEvery page below is also published as markdown: add `index\.md` to its URL\. The whole documentation in one file: https:\/\/docs\.example\.com\/llms-full\.txt\n\n## /);
  const listed = [...text.matchAll(/^- \[[^\]]+\]\(https:\/\/[^/]+(\/[^)]*)\)/gm)].map((match) => match[1] ?? '');
  const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
  const docRoutes = [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/docs\/[^<]*)<\/loc>/g)].map((match) => match[1] ?? '')
    .filter((route) => !route.startsWith('/docs/tags/') && !route.startsWith('/docs/category/'));
  for (const route of docRoutes) assert.equal(listed.filter((r) => r === route).length, 1, `${route} once`);
  assert.equal(new Set(listed).size, listed.length, 'no page twice');
  assert.match(text, /^- \[LoRA\]\(https:\/\/[^)]+\/docs\/features\/lora\/\): .+/m);
});
