// The Content-Security-Policy, from one place into both the pages' <meta> tag and the headers of
// `npm run serve` (dist/serve.json). Scripts run only from the site's origin; the two inline
// scripts of <head> are allowed by their SHA-256 hash, so no 'unsafe-inline' and no 'unsafe-eval'.
import { createHash } from 'node:crypto';

/** Origins the analytics adapter (client/analytics.ts) talks to, allowed only when site.yml sets an id. */
const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'];

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export interface PolicyOptions {
  inlineScripts: string[];
  analytics: boolean;
  /** Origins pages may embed in frames (site.yml "embeds"); without any, default-src 'self' governs frames. */
  embeds?: readonly string[] | undefined;
}

/** The policy as a <meta> tag can carry it (frame-ancestors only works as a header). */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const analyticsScript = options.analytics ? [ANALYTICS_SCRIPT] : [];
  const analyticsConnect = options.analytics ? ANALYTICS_CONNECT : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.inlineScripts.map(scriptHash), ...analyticsScript]],
    // Style attributes in content SVG and set by scripts through the CSSOM are allowed; no
    // inline <style> element comes from the generator.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...analyticsConnect]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...analyticsConnect]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // Only the listed players; absent (so byte-identical to a site without embeds) when none is listed.
    ...(options.embeds && options.embeds.length > 0 ? [['frame-src', [...options.embeds]] as [string, string[]]] : []),
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * The policy of every SVG response: an SVG opened by its own address is a document on the site's
 * origin, so it may run nothing, load nothing but embedded images, and is sandboxed (a unique
 * origin). The build already rejects SVGs that could run script (lib/assets/svg-check.ts); this is the
 * second line, for whatever a tokenizer might miss. It leaves SVGs shown with <img> unchanged.
 */
export const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** `serve` settings for dist/: the site's URL rules, caching, and the same policy as a header. */
export function serveConfig(policy: string): string {
  const config = {
    cleanUrls: true,
    trailingSlash: true,
    directoryListing: false,
    redirects: [{ source: '/:path*/index', destination: '/:path*/', type: 301 }],
    headers: [
      { source: 'assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
      { source: '**/*.html', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      // Feed readers and tools go by the media type; serve would say application/xml and JSON.
      { source: '**/atom.xml', headers: [{ key: 'Content-Type', value: 'application/atom+xml; charset=utf-8' }] },
      { source: '**/feed.json', headers: [{ key: 'Content-Type', value: 'application/feed+json; charset=utf-8' }] },
      {
        source: '**',
        headers: [
          { key: 'Content-Security-Policy', value: `${policy}; frame-ancestors 'none'` },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      // After "**": serve applies every matching rule in order, so this policy replaces the pages' one.
      { source: 'assets/images/**/*.svg', headers: [{ key: 'Content-Security-Policy', value: SVG_POLICY }] },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
