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
const PLACEHOLDER = new RegExp([...NAMES.keys()].sort((a, b) => b.length - a.length)
  .map((placeholder) => placeholder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');

/** The asset URLs in place of the placeholders, in one pass over the page. */
export function fillAssetUrls(html: string, urls: AssetUrls): string {
  return html.replace(PLACEHOLDER, (placeholder) => urls[NAMES.get(placeholder) as keyof AssetUrls]);
}
