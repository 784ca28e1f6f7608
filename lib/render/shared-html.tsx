// Render: markup that every page of a build shares whole (the navbar, the footer). React rendered
// it and the formatter laid it out again on every page, some of the render's largest parts after
// the sidebar; now each is rendered and formatted once per build and set into each page
// (lib/render/preformatted.ts), as the sidebars' lists are (lib/render/sidebar-html.tsx).
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext, type SiteContextValue } from '../../components/SiteContext.tsx';
import { holdsAssetPlaceholder } from './asset-placeholders.ts';
import { formatFragment } from './format-html.ts';
import { preformatted } from './preformatted.ts';

interface Shared {
  /** What it was rendered with: the same key under another configuration or other asset URLs is rendered again. */
  config: SiteContextValue['config'];
  assets: SiteContextValue['assets'];
  html: string;
  placeholders: boolean;
}

/** The site context's `sharedHtml` for one build. */
export function sharedRenderer(): SiteContextValue['sharedHtml'] {
  const kept = new Map<string, Shared>();
  return (key, element, site) => {
    let shared = kept.get(key);
    if (shared === undefined || shared.config !== site.config || shared.assets !== site.assets) {
      const html = formatFragment(sharedMarkup(element(), site));
      shared = { config: site.config, assets: site.assets, html, placeholders: holdsAssetPlaceholder(html) };
      kept.set(key, shared);
    }
    return preformatted(shared.html, shared.placeholders);
  };
}

/**
 * The element's markup, unformatted. Rendered as the body of a whole document: React writes the
 * resources an element asks for (a preload for an image it renders: the navbar's logo) into the
 * head, here dropped, where alone it would put them before the markup; the page declares them in
 * its own head (templates/Layout.tsx).
 */
export function sharedMarkup(element: ReactElement, site: SiteContextValue): string {
  const document = renderToStaticMarkup(<html><head></head><body><SiteContext.Provider value={site}>{element}</SiteContext.Provider></body></html>);
  const start = document.indexOf('<body>');
  const end = document.lastIndexOf('</body>');
  if (start === -1 || end < start) throw new Error('Internal error: a shared fragment did not render as a document body.');
  return document.slice(start + '<body>'.length, end);
}
