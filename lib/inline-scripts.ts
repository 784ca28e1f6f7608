// The two small scripts that must run before first paint, inlined in <head>. Kept as plain
// strings built from common/ constants so that their bytes (and later their CSP hashes) are stable.
import { DEFAULT_COLOR_MODE, STORAGE_KEYS } from '../common/constants.ts';
import type { SiteConfig } from './config.ts';

/** Applies the stored colour mode (and a dismissed announcement) to <html> before anything paints. */
export function noFlashScript(config: SiteConfig): string {
  const announcement = config.announcement
    ? `if(s.getItem(${JSON.stringify(STORAGE_KEYS.announcementId)})===${JSON.stringify(config.announcement.id)}&&s.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})==="true")d.setAttribute("data-announcement-dismissed","true");`
    : '';
  return `(function(){var d=document.documentElement,m=${JSON.stringify(DEFAULT_COLOR_MODE)};try{var s=window.localStorage,t=s.getItem(${JSON.stringify(STORAGE_KEYS.theme)});if(t==="dark"||t==="light")m=t;${announcement}}catch(e){}d.setAttribute("data-theme",m);})();`;
}
