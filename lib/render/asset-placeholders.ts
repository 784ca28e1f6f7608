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

/** Every placeholder, longest first so that none stops at another's prefix. */
const PLACEHOLDERS = Object.values(ASSET_PLACEHOLDERS).sort((a, b) => b.length - a.length);
/** What every placeholder starts with: a page is searched for it alone. */
const PREFIX = commonPrefix(PLACEHOLDERS);

/**
 * The asset URLs in place of the placeholders, in one pass over the page (a search for the prefix
 * the placeholders share, much faster on a large page than a pattern of alternatives).
 */
export function fillAssetUrls(html: string, urls: AssetUrls): string {
  return fill(html, urls, undefined);
}

/**
 * Where fillAssetUrls put each asset URL into a page: one number a URL, its placeholder's offset in
 * the page as rendered times PLACE_KINDS plus the URL's kind (its place in ASSET_KINDS). The
 * offsets hold whatever URLs fill the page, so a page written once can be filled with new ones
 * from its file alone (`refillAssetUrls`).
 */
export type AssetPlaces = readonly number[];

const ASSET_KINDS = Object.keys(ASSET_PLACEHOLDERS) as (keyof AssetUrls)[];
/** Each placeholder's kind: its URL's place in ASSET_KINDS. */
const KINDS = new Map(ASSET_KINDS.map((kind, index) => [ASSET_PLACEHOLDERS[kind], index]));
const PLACE_KINDS = 8;

/** fillAssetUrls, and where it put each URL. */
export function fillAssetUrlsNoting(html: string, urls: AssetUrls): { filled: string; places: AssetPlaces } {
  const places: number[] = [];
  return { filled: fill(html, urls, places), places };
}

/** fillAssetUrls, noting the places in `places` when given. */
function fill(html: string, urls: AssetUrls, places: number[] | undefined): string {
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
    const kind = KINDS.get(placeholder) as number;
    places?.push(at * PLACE_KINDS + kind);
    filled += html.slice(from, at) + urls[ASSET_KINDS[kind] as keyof AssetUrls];
    from = at + placeholder.length;
    at = html.indexOf(PREFIX, from);
  }
  return from === 0 ? html : filled + html.slice(from);
}

/**
 * The page `filled`, made by fillAssetUrls with `from` from a page of `length` characters (its URLs
 * at `places`, from fillAssetUrlsNoting), filled with `to` instead: the same text as fillAssetUrls
 * gives with `to`. Undefined when `filled` is not such a page (another length, a URL of `from`
 * missing at its place): a file changed since it was written.
 */
export function refillAssetUrls(filled: string, length: number, places: AssetPlaces, from: AssetUrls, to: AssetUrls): string | undefined {
  let refilled = '';
  // Where the text still to copy starts, in `filled`; how far a placeholder's offset moved there.
  let copied = 0;
  let shift = 0;
  for (const place of places) {
    const kind = ASSET_KINDS[place % PLACE_KINDS] as keyof AssetUrls;
    const at = Math.floor(place / PLACE_KINDS) + shift;
    const url = from[kind];
    if (at < copied || !filled.startsWith(url, at)) return undefined;
    refilled += filled.slice(copied, at) + to[kind];
    copied = at + url.length;
    shift += url.length - ASSET_PLACEHOLDERS[kind].length;
  }
  return filled.length === length + shift ? refilled + filled.slice(copied) : undefined;
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
