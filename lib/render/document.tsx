// Render: each route → a complete HTML document through React's static renderer.
import './production-env.ts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext, type SiteContextValue } from '../../components/SiteContext.tsx';
import { ASSET_PLACEHOLDERS, fillAssetUrls } from './asset-placeholders.ts';
import { formatHtml } from './format-html.ts';
import { renderFormatted } from './preformatted.ts';

/**
 * The page is always formatted with the asset placeholders in place of the hashed asset URLs and
 * filled in afterwards: where the formatter breaks a line depends on the lengths before it, so a
 * fresh build formatting the real URLs would differ from an incremental one, whose cached pages
 * hold the placeholders until they are written.
 */
export function renderDocument(element: ReactElement, context: SiteContextValue): string {
  const filled = context.assets !== ASSET_PLACEHOLDERS;
  const site = filled ? { ...context, assets: ASSET_PLACEHOLDERS } : context;
  const html = renderFormatted(
    () => renderToStaticMarkup(<SiteContext.Provider value={site}>{element}</SiteContext.Provider>),
    // React writes the attribute as "charSet"; HTML is case-insensitive, readers expect "charset".
    (markup) => formatHtml(markup.replace('<meta charSet=', '<meta charset=')),
    filled ? (part) => fillAssetUrls(part, context.assets) : undefined,
  );
  return `<!DOCTYPE html>\n${html}\n`;
}
