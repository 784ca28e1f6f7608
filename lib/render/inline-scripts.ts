// Render: the two small scripts that must run before first paint, inlined in <head>. Kept as plain
// strings built from common/ constants so that their bytes (and later their CSP hashes) are stable.
import { DATA, DEFAULT_COLOR_MODE, IDS, STORAGE_KEYS } from '../../common/constants.ts';
import type { SiteConfig } from '../load/config.ts';

/**
 * A value as a JavaScript literal that is safe inside an inline <script>: JSON.stringify leaves
 * "</script>" (which would end the script early), "<!--" and U+2028/U+2029 as they are, so
 * <, >, & and those two separators are written as \u escapes. The CSP hash is computed from the
 * same finished string, so it still matches.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Applies the stored colour mode (and a dismissed announcement) to <html> before anything paints. */
export function noFlashScript(config: SiteConfig): string {
  const announcement = config.announcement
    ? `if(s.getItem(${scriptJson(STORAGE_KEYS.announcementId)})===${scriptJson(config.announcement.id)}&&s.getItem(${scriptJson(STORAGE_KEYS.announcementDismissed)})==="true")d.setAttribute(${scriptJson(DATA.announcementDismissed)},"true");`
    : '';
  return `(function(){var d=document.documentElement,m=${scriptJson(DEFAULT_COLOR_MODE)};d.setAttribute(${scriptJson(DATA.js)},"");try{var s=window.localStorage,t=s.getItem(${scriptJson(STORAGE_KEYS.theme)});if(t==="dark"||t==="light")m=t;${announcement}}catch(e){}d.setAttribute("data-theme",m);})();`;
}

/**
 * Shows a banner when the page is served outside the configured base URL: then links and assets
 * point to the wrong place. Built with textContent only, so nothing from the URL becomes markup.
 */
export function baseUrlBannerScript(config: SiteConfig): string {
  const base = scriptJson(config.baseUrl);
  return `(function(){var b=${base},p=location.pathname;if(p.indexOf(b)===0)return;document.addEventListener("DOMContentLoaded",function(){` +
    `var d=document.createElement("div");d.id=${scriptJson(IDS.baseUrlBanner)};d.className="base-url-banner";d.setAttribute("role","alert");` +
    `function l(t,c){var e=document.createElement("p");e.textContent=t;if(c)e.className=c;d.appendChild(e);}` +
    `l("This site did not load properly.","base-url-banner__title");` +
    `l("A common reason is a wrong baseUrl in content/site.yml.");` +
    `l("Current configured baseUrl = "+b+(b==="/"?" (default value)":""),"base-url-banner__current");` +
    `l("We suggest trying baseUrl = "+(p.slice(-1)==="/"?p:p+"/"),"base-url-banner__suggestion");` +
    `document.body.insertBefore(d,document.body.firstChild);});})();`;
}
