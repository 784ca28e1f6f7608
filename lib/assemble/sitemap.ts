// Assemble: /sitemap.xml (the routes it is given, by their absolute URLs) and /robots.txt.
import { absoluteUrl, type SiteConfig } from '../load/config.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sitemapXml(config: SiteConfig, routes: string[]): string {
  const urls = routes
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(config, route))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(config, '/sitemap.xml')}\n`;
}
