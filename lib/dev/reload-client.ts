// The page side of `npm start`, served as /__reload.js (a file, not an inline script, so the pages'
// Content-Security-Policy allows it) and added to pages by the dev server only. It listens to the
// server's events (lib/dev/live-reload.ts):
// - "rebuilt": it fetches the page on screen again and, when only the page's own parts changed
//   (the content between navbar and footer, the menu panel, the page's head elements), hands the
//   new page to the client script, which swaps it in as a navigation would, keeping the scroll
//   position and the open menu (client/live-swap.ts). The page reloads when the layout around it
//   (navbar, footer, the head's scripts), the stylesheets' structure or the client script changed,
//   or when the client script does not take the page (it has not started, or it failed);
// - "css": a stylesheet-only change, applied by pointing the stylesheet at its new file;
// - "error": a failed build, shown over the page with file, line and message until the next good one.
// Each event makes the answers to earlier "rebuilt" events stale (\`asked\`): a page fetched for a
// good build that comes back after a failed one must not clear its overlay.
import { IDS, LIVE_SWAP_EVENT, PAGE_HEAD_SELECTORS } from '../../common/constants.ts';

export function reloadClientScript(eventsPath: string): string {
  const pageHead = JSON.stringify(['title', ...PAGE_HEAD_SELECTORS].join(','));
  return `(function(){var s=new EventSource(${JSON.stringify(eventsPath)}),o,asked=0,shown;
function clear(){if(o){o.remove();o=null;}}
function fetchPage(){return fetch(location.pathname+location.search,{cache:"no-store"}).then(function(r){if(!r.ok)throw new Error("HTTP "+r.status);return r.text();})
.then(function(t){return new DOMParser().parseFromString(t,"text/html");});}
function own(d){return [d.getElementById(${JSON.stringify(IDS.pageContent)}),d.querySelector(".mobile-menu__panel")].filter(Boolean);}
// What a page keeps when the page's own parts are swapped. Stylesheets count by their place, not by
// their file (a new file is applied in place); the search index's address changes with every edit.
function layout(d){var parts=own(d),marks=parts.map(function(e){var c=d.createComment("");e.replaceWith(c);return c;});
var head=Array.prototype.map.call(d.head.children,function(e){return e.matches(${pageHead})?"":e.matches('link[rel="stylesheet"]')?"<link rel=stylesheet>":e.outerHTML;}).join("");
var body=d.body.innerHTML;marks.forEach(function(c,i){c.replaceWith(parts[i]);});
return (head+body).replace(/ data-search-index="[^"]*"/g,"");}
function seen(d){return {path:location.pathname+location.search,layout:layout(d),content:own(d).map(function(e){return e.outerHTML;}).join("")};}
shown=fetchPage().then(seen,function(){});
s.addEventListener("rebuilt",function(){var n=++asked;Promise.all([shown,fetchPage()]).then(function(r){if(n!==asked)return;
var before=r[0],next=r[1],now=seen(next);
if(!before||before.layout!==now.layout)return location.reload();
clear();shown=Promise.resolve(now);
if(before.path===now.path&&before.content===now.content)return;
var sheets=next.querySelectorAll('link[rel="stylesheet"]');
document.querySelectorAll('link[rel="stylesheet"]').forEach(function(l,i){var h=sheets[i]&&sheets[i].getAttribute("href");if(h&&l.getAttribute("href")!==h)l.setAttribute("href",h);});
if(document.dispatchEvent(new CustomEvent(${JSON.stringify(LIVE_SWAP_EVENT)},{detail:next,cancelable:true})))location.reload();
}).catch(function(){location.reload();});});
s.addEventListener("css",function(e){clear();var l=document.querySelector('link[rel="stylesheet"]');if(l)l.href=JSON.parse(e.data);});
s.addEventListener("error",function(e){++asked;clear();o=document.createElement("div");o.setAttribute("role","alert");
o.style.cssText="position:fixed;inset:0;z-index:2000;background:rgba(20,20,24,.92);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
var h=document.createElement("strong");h.textContent="Build failed: fix the file and save, this page updates by itself.\\n\\n";o.appendChild(h);
o.appendChild(document.createTextNode(JSON.parse(e.data)));document.body.appendChild(o);});})();`;
}
