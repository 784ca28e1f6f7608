// Fragments set into a formatted page (lib/render/preformatted.ts) are filled with the asset URLs
// like the rest of the page, unless their maker says they hold no placeholder; the page filled
// part by part reads as the whole page filled at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ASSET_PLACEHOLDERS, fillAssetUrls, holdsAssetPlaceholder } from '../../lib/render/asset-placeholders.ts';
import { preformatted, renderFormatted } from '../../lib/render/preformatted.ts';

const urls = { ...ASSET_PLACEHOLDERS, css: '/assets/site.1.css', logo: '/assets/logo.2.svg', searchIndex: '/assets/search/index.3.json' };
const fill = (html: string) => fillAssetUrls(html, urls);
const logo = `<img src="${ASSET_PLACEHOLDERS.logo}"/>`;

test('a fragment is filled with the asset URLs as the page around it, and the page reads as if filled whole', () => {
  const page = () => `<head><link href="${ASSET_PLACEHOLDERS.css}"/></head><nav>${preformatted(`<ul>${logo}</ul>`)}</nav><p>${ASSET_PLACEHOLDERS.searchIndex}</p>`;
  const parts = renderFormatted(page, (markup) => markup, fill);
  const whole = fill(renderFormatted(page, (markup) => markup));
  assert.equal(parts, whole);
  assert.equal(parts, '<head><link href="/assets/site.1.css"/></head><nav><ul><img src="/assets/logo.2.svg"/></ul></nav><p>/assets/search/index.3.json</p>');
});

test('a fragment its maker knows to hold no placeholder is set in as it is, not searched', () => {
  // Marked as holding none although it does: left as it is, which shows it was not searched.
  const html = renderFormatted(() => `<nav>${preformatted(`<ul>${logo}</ul>`, false)}</nav>`, (markup) => markup, fill);
  assert.equal(html, `<nav><ul>${logo}</ul></nav>`);
  assert.equal(holdsAssetPlaceholder(logo), true);
  assert.equal(holdsAssetPlaceholder('<ul><li><a href="/docs/">Docs</a></li></ul>'), false);
});

test('a marker of no fragment of this page is left as it is', () => {
  const html = renderFormatted(() => `<p><!--pagewright:7--><!--pagewright:x-->${preformatted('<b>set</b>')}</p>`, (markup) => markup, fill);
  assert.equal(html, '<p><!--pagewright:7--><!--pagewright:x--><b>set</b></p>');
});
