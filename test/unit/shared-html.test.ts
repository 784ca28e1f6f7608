// The navbar and the footer are rendered once per build and set into every page
// (lib/render/shared-html.tsx): a page reads exactly as when it rendered them itself, asset URLs
// filled in, on pages with and without a docs sidebar.
// The renderer's mode first, as the build sets it before React loads.
import '../../lib/render/production-env.ts';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { createElement } from 'react';
import type { SiteContextValue } from '../../components/SiteContext.tsx';
import { loadSiteConfig } from '../../lib/load/config.ts';
import { ASSET_PLACEHOLDERS } from '../../lib/render/asset-placeholders.ts';
import { renderDocument } from '../../lib/render/document.tsx';
import { baseUrlBannerScript, noFlashScript } from '../../lib/render/inline-scripts.ts';
import { sharedMarkup, sharedRenderer } from '../../lib/render/shared-html.tsx';
import { Layout } from '../../templates/Layout.tsx';
import { ROOT } from '../helpers/site.ts';

// The real site's configuration: a logo (an asset URL in the navbar), navbar and footer links.
const { config } = loadSiteConfig(join(ROOT, 'content/site.yml'), 'site.yml');
const urls = { ...ASSET_PLACEHOLDERS, css: '/assets/site.1.css', js: '/assets/site.2.js', logo: '/assets/logo.3.svg' };

function context(sharedHtml: SiteContextValue['sharedHtml']): SiteContextValue {
  return {
    config, assets: urls, generator: 'Pagewright test', noFlashScript: noFlashScript(config),
    baseUrlBannerScript: baseUrlBannerScript(config), contentSecurityPolicy: "default-src 'self'", sidebarHtml: () => '', sharedHtml,
  };
}

/** Every page renders them itself, unformatted, as the page's own markup. */
const inline: SiteContextValue['sharedHtml'] = (_key, element, site) => sharedMarkup(element(), site);

function page(n: number, docs: boolean) {
  const head = { title: `Page ${n}`, description: `About ${n}.`, canonical: `https://example.com/docs/${n}/`, alternates: [] };
  return createElement(Layout, { head, docs, children: createElement('main', { id: 'main' }, createElement('p', null, `Text of page ${n}.`)) });
}

test('a page with the navbar and footer made once reads as one that rendered them itself', () => {
  let made = 0;
  const render = sharedRenderer();
  const shared = context((key, element, site) => render(key, () => (made++, element()), site));
  const own = context(inline);
  for (const docs of [true, false]) {
    for (const n of [1, 2, 3]) {
      const html = renderDocument(page(n, docs), shared);
      assert.equal(html, renderDocument(page(n, docs), own), `page ${n}${docs ? ' with a docs sidebar' : ''}`);
      assert.match(html, /<nav class="navbar"/);
      assert.match(html, /class="footer__copyright"/);
      assert.ok(html.includes('src="/assets/logo.3.svg"') && !html.includes(ASSET_PLACEHOLDERS.logo), 'the logo URL is filled in');
      assert.equal(html.split('<link rel="preload" as="image" href="/assets/logo.3.svg"/>').length, 2, 'the logo is preloaded once, in the head');
      assert.ok(html.indexOf('rel="preload"') < html.indexOf('</head>'));
      assert.equal(html.includes('mobile-menu__sidebar'), docs, 'the menu links to the docs sidebar on doc pages only');
    }
  }
  // The navbar with and without the docs sidebar's link, and the footer.
  assert.equal(made, 3);
});
