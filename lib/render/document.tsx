// Render: each route → a complete HTML document through React's static renderer.
import './production-env.ts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContext, type SiteContextValue } from '../../components/SiteContext.tsx';
import { formatHtml } from './format-html.ts';
import { renderFormatted } from './preformatted.ts';

export function renderDocument(element: ReactElement, context: SiteContextValue): string {
  const html = renderFormatted(
    () => renderToStaticMarkup(<SiteContext.Provider value={context}>{element}</SiteContext.Provider>),
    // React writes the attribute as "charSet"; HTML is case-insensitive, readers expect "charset".
    (markup) => formatHtml(markup.replace('<meta charSet=', '<meta charset=')),
  );
  return `<!DOCTYPE html>\n${html}\n`;
}
