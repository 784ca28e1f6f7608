// Assemble: /sitemap.xml (the routes it is given, by their absolute URLs) and /robots.txt.
//
// The sitemap protocol allows at most 50,000 URLs and 50 MB (52,428,800 bytes, uncompressed) in one
// file. A site within both gets one /sitemap.xml; a larger one gets /sitemap.xml as a sitemap index
// that lists /sitemap-1.xml, /sitemap-2.xml, … each within both limits, routes in the order given.
import { absoluteUrl, type SiteConfig } from '../load/config.ts';

/** The protocol's limits for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A sitemap file: its path in the output folder and its text (made when it is written). */
export interface SitemapFile {
  path: string;
  text: () => string;
}

/**
 * The sitemap files for the routes: /sitemap.xml alone when they fit in one file, else the index
 * /sitemap.xml and its parts. `limits` is for tests; the protocol's are the default.
 */
export function sitemapFiles(config: SiteConfig, routes: string[], limits = { urls: SITEMAP_MAX_URLS, bytes: SITEMAP_MAX_BYTES }): SitemapFile[] {
  const line = (route: string) => `  <url><loc>${escapeXml(absoluteUrl(config, route))}</loc></url>`;
  const urlset = (part: string[]) => () => `${XML_HEAD}${URLSET_OPEN}${part.map(line).join('\n')}\n${URLSET_CLOSE}`;
  // Each part's routes: a new part when the next URL would pass either limit.
  const frame = Buffer.byteLength(XML_HEAD + URLSET_OPEN + URLSET_CLOSE) + 1;
  const parts: string[][] = [[]];
  let bytes = frame;
  for (const route of routes) {
    const size = Buffer.byteLength(line(route)) + 1;
    let current = parts[parts.length - 1] ?? [];
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      parts.push((current = []));
      bytes = frame;
    }
    current.push(route);
    bytes += size;
  }
  if (parts.length === 1) return [{ path: 'sitemap.xml', text: urlset(parts[0] ?? []) }];
  const files = parts.map((part, index) => ({ path: `sitemap-${index + 1}.xml`, text: urlset(part) }));
  const entries = files.map((file) => `  <sitemap><loc>${escapeXml(absoluteUrl(config, `/${file.path}`))}</loc></sitemap>`);
  const index = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  return [{ path: 'sitemap.xml', text: () => index }, ...files];
}

export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(config, '/sitemap.xml')}\n`;
}
