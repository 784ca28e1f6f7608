// A page written with one set of asset URLs, filled from its file alone with another
// (lib/render/asset-placeholders.ts: refillAssetUrls): what `npm start` does to every page when the
// stylesheet or the search index changes, with no other copy of the page kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AssetUrls } from '../../lib/assets/bundle.ts';
import { ASSET_PLACEHOLDERS, fillAssetUrls, fillAssetUrlsNoting, refillAssetUrls } from '../../lib/render/asset-placeholders.ts';

const P = ASSET_PLACEHOLDERS;
const before: AssetUrls = {
  css: '/assets/site.11.css', js: '/assets/client.22.js', searchScript: '/assets/search.33.js', searchIndex: '/assets/search/search-index.44.json',
  favicon: '/assets/favicon.55.png', logo: '/assets/logo.66.svg', ogImage: '',
};
// Longer and shorter URLs than before, so that the places after the first move.
const after: AssetUrls = { ...before, css: '/assets/site.1234567.css', searchIndex: '/i.json', ogImage: '/assets/card.77.png' };

// Every kind of URL, one twice, and the prefix the placeholders share standing alone in the text.
const page = `<head><link rel="stylesheet" href="${P.css}"/><script src="${P.js}" defer></script>` +
  `<link rel="icon" href="${P.favicon}"/><meta property="og:image" content="https://example.com${P.ogImage}"/></head>` +
  `<body><img src="${P.logo}"/><div data-search-index="${P.searchIndex}" data-search-script="${P.searchScript}"></div>` +
  `<p>A doc about /__pagewright-asset__/ paths, and its logo again: <img src="${P.logo}"/></p></body>`;

test('a page filled with some asset URLs is filled with others from its file alone, as if filled anew', () => {
  const { filled, places } = fillAssetUrlsNoting(page, before);
  assert.equal(filled, fillAssetUrls(page, before));
  assert.equal(places.length, 8);
  const refilled = refillAssetUrls(filled, page.length, places, before, after);
  assert.equal(refilled, fillAssetUrls(page, after));
  // And back, from the refilled file: the places hold whatever URLs fill the page.
  assert.equal(refillAssetUrls(refilled ?? '', page.length, places, after, before), filled);
});

test('a URL the page shows as text, outside the places the build filled, stays as it is', () => {
  const quoted = `${page}<pre>${before.logo}</pre>`;
  const { filled, places } = fillAssetUrlsNoting(quoted, before);
  const refilled = refillAssetUrls(filled, quoted.length, places, before, after);
  assert.equal(refilled, fillAssetUrls(quoted, after));
  assert.match(refilled ?? '', /<pre>\/assets\/logo\.66\.svg<\/pre>/);
});

test('a file that is not the page as filled is not refilled', () => {
  const { filled, places } = fillAssetUrlsNoting(page, before);
  // Another length, a URL not where it was put, a page filled with other URLs than said.
  assert.equal(refillAssetUrls(`${filled}\n`, page.length, places, before, after), undefined);
  assert.equal(refillAssetUrls(`<!---->${filled.slice(0, -7)}`, page.length, places, before, after), undefined);
  assert.equal(refillAssetUrls(filled, page.length, places, after, before), undefined);
});
