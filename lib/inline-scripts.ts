// The two small scripts that must run before first paint, inlined in <head>. Kept as plain
// strings built from common/ constants so that their bytes (and later their CSP hashes) are stable.
import { DATA, DEFAULT_COLOR_MODE, IDS, STORAGE_KEYS } from '../common/constants.ts';
import type { SiteConfig } from './config.ts';

/** Applies the stored colour mode (and a dismissed announcement) to <html> before anything paints. */
export function noFlashScript(config: SiteConfig): string {
  const announcement = config.announcement
    ? `if(s.getItem(${JSON.stringify(STORAGE_KEYS.announcementId)})===${JSON.stringify(config.announcement.id)}&&s.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})==="true")d.setAttribute(${JSON.stringify(DATA.announcementDismissed)},"true");`
    : '';
  return `(function(){var d=document.documentElement,m=${JSON.stringify(DEFAULT_COLOR_MODE)};d.setAttribute(${JSON.stringify(DATA.js)},"");try{var s=window.localStorage,t=s.getItem(${JSON.stringify(STORAGE_KEYS.theme)});if(t==="dark"||t==="light")m=t;${announcement}}catch(e){}d.setAttribute("data-theme",m);})();`;
}

/**
 * Shows a banner when the page is served outside the configured base URL: then links and assets
 * point to the wrong place. Built with textContent only, so nothing from the URL becomes markup.
 */
export function baseUrlBannerScript(config: SiteConfig): string {
  const base = JSON.stringify(config.baseUrl);
  return `(function(){var b=${base},p=location.pathname;if(p.indexOf(b)===0)return;document.addEventListener("DOMContentLoaded",function(){` +
    `var d=document.createElement("div");d.id=${JSON.stringify(IDS.baseUrlBanner)};d.className="base-url-banner";d.setAttribute("role","alert");` +
    `function l(t,c){var e=document.createElement("p");e.textContent=t;if(c)e.className=c;d.appendChild(e);}` +
    `l("This site did not load properly.","base-url-banner__title");` +
    `l("A common reason is a wrong baseUrl in content/site.yml.");` +
    `l("Current configured baseUrl = "+b+(b==="/"?" (default value)":""),"base-url-banner__current");` +
    `l("We suggest trying baseUrl = "+(p.slice(-1)==="/"?p:p+"/"),"base-url-banner__suggestion");` +
    `document.body.insertBefore(d,document.body.firstChild);});})();`;
}
