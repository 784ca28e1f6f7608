// The sitemap at scale (lib/assemble/sitemap.ts): one /sitemap.xml up to the protocol's limits
// (50,000 URLs, 50 MB), else a sitemap index over parts that each keep within both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, sitemapFiles } from '../../lib/assemble/sitemap.ts';

const config = { url: 'https://docs.example.com', baseUrl: '/' } as Parameters<typeof sitemapFiles>[0];
const routesOf = (count: number, segment = 'page') => Array.from({ length: count }, (_, index) => `/docs/${segment}-${index}/`);
const locs = (text: string) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');

test('a site within the limits gets one sitemap.xml, in the form it always had', () => {
  const files = sitemapFiles(config, ['/', '/docs/a&b/']);
  assert.deepEqual(files.map((file) => file.path), ['sitemap.xml']);
  assert.equal(files[0]?.text(), '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + '  <url><loc>https://docs.example.com/</loc></url>\n  <url><loc>https://docs.example.com/docs/a&amp;b/</loc></url>\n</urlset>\n');
  const full = sitemapFiles(config, routesOf(SITEMAP_MAX_URLS));
  assert.equal(full.length, 1, 'exactly 50,000 URLs still fit in one file');
  assert.equal(locs(full[0]?.text() ?? '').length, SITEMAP_MAX_URLS);
});

test('past 50,000 URLs: a sitemap index over parts of at most 50,000 URLs, every route once and in order', () => {
  const routes = routesOf(2 * SITEMAP_MAX_URLS + 1);
  const files = sitemapFiles(config, routes);
  assert.deepEqual(files.map((file) => file.path), ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
  const index = files[0]?.text() ?? '';
  assert.match(index, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
  assert.deepEqual(locs(index), ['https://docs.example.com/sitemap-1.xml', 'https://docs.example.com/sitemap-2.xml', 'https://docs.example.com/sitemap-3.xml']);
  const parts = files.slice(1).map((file) => file.text());
  assert.deepEqual(parts.map((text) => locs(text).length), [SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 1]);
  for (const text of parts) assert.match(text, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n[\s\S]*<\/urlset>\n$/);
  assert.deepEqual(parts.flatMap(locs), routes.map((route) => `https://docs.example.com${route}`));
});

test('long URLs: a part also ends before 50 MB', () => {
  // 2,000-character routes: 50,000 of them would make a 100 MB file.
  const routes = routesOf(30_000, 'x'.repeat(1990));
  const files = sitemapFiles(config, routes);
  assert.ok(files.length >= 3, 'an index and at least two parts');
  const parts = files.slice(1).map((file) => file.text());
  for (const text of parts) assert.ok(Buffer.byteLength(text) <= SITEMAP_MAX_BYTES, `a part of ${Buffer.byteLength(text)} bytes`);
  assert.ok(Buffer.byteLength(parts[0] ?? '') > SITEMAP_MAX_BYTES - 3000, 'the first part is filled up to the limit');
  assert.deepEqual(parts.flatMap(locs).length, routes.length);
});
