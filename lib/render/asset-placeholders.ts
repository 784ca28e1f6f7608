// Render: pages are rendered and formatted with placeholders in place of the hashed asset URLs,
// filled in as the files are written. So a change of the stylesheet, the client script or the
// search index changes a few bytes of each page instead of re-rendering it (npm start), and a
// page's line breaks never depend on the lengths of its asset URLs (every mode formats the same
// text, so every mode writes the same bytes).
import type { AssetUrls } from '../assets/bundle.ts';

/** Plain letters: React writes them unescaped. */
export const ASSET_PLACEHOLDERS: AssetUrls = {
  css: '/__pagewright-asset__/css',
  js: '/__pagewright-asset__/js',
  searchScript: '/__pagewright-asset__/search-script',
  searchIndex: '/__pagewright-asset__/search-index',
  favicon: '/__pagewright-asset__/favicon',
  logo: '/__pagewright-asset__/logo',
  ogImage: '/__pagewright-asset__/og-image',
};

const NAMES = new Map(Object.entries(ASSET_PLACEHOLDERS).map(([name, placeholder]) => [placeholder, name as keyof AssetUrls]));
/** Every placeholder, longest first so that none stops at another's prefix. */
const PLACEHOLDERS = [...NAMES.keys()].sort((a, b) => b.length - a.length);
/** What every placeholder starts with: a page is searched for it alone. */
const PREFIX = commonPrefix(PLACEHOLDERS);

/**
 * The asset URLs in place of the placeholders, in one pass over the page (a search for the prefix
 * the placeholders share, much faster on a large page than a pattern of alternatives).
 */
export function fillAssetUrls(html: string, urls: AssetUrls): string {
  let filled = '';
  let from = 0;
  let at = html.indexOf(PREFIX);
  while (at !== -1) {
    let placeholder: string | undefined;
    for (const candidate of PLACEHOLDERS) {
      if (html.startsWith(candidate, at)) {
        placeholder = candidate;
        break;
      }
    }
    if (placeholder === undefined) {
      at = html.indexOf(PREFIX, at + 1);
      continue;
    }
    filled += html.slice(from, at) + urls[NAMES.get(placeholder) as keyof AssetUrls];
    from = at + placeholder.length;
    at = html.indexOf(PREFIX, from);
  }
  return from === 0 ? html : filled + html.slice(from);
}

/**
 * Whether markup may hold a placeholder (false only when none can be in it). Markup made of pieces
 * that each hold none holds none either when the pieces meet at tags: a placeholder has no "<" or ">".
 */
export function holdsAssetPlaceholder(html: string): boolean {
  return html.includes(PREFIX);
}

function commonPrefix(texts: string[]): string {
  const [first = ''] = texts;
  let length = first.length;
  for (const text of texts) while (!text.startsWith(first.slice(0, length))) length--;
  return first.slice(0, length);
}
