// Dev mode: open tabs learn about rebuilds over server-sent events. A good build reloads the page
// (a stylesheet-only change swaps the stylesheet without a reload); a failed build shows an
// overlay with the file, line and message; the next good build clears it.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const RELOAD_PATH = '/__reload';
/** The page side is a file, not an inline script, so the pages' Content-Security-Policy allows it. */
const RELOAD_SCRIPT_PATH = '/__reload.js';

export class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  private lastError: string | undefined;

  /** Answers the two dev paths exactly (a query aside); any other path, "/__reload-x" too, is the site's. */
  handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '').split('?')[0];
    if (path === RELOAD_SCRIPT_PATH) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(LIVE_RELOAD_SCRIPT);
      return true;
    }
    if (path !== RELOAD_PATH) return false;
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write(': connected\n\n');
    if (this.lastError) response.write(`event: error\ndata: ${JSON.stringify(this.lastError)}\n\n`);
    this.clients.add(response);
    // A tab that goes away mid-write must not end the server: forget it, whatever the stream says.
    response.on('close', () => this.clients.delete(response));
    response.on('error', () => this.clients.delete(response));
    return true;
  };

  private send(event: string, data: string): void {
    for (const client of this.clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  built(stylesheetOnly: boolean, stylesheet: string | undefined): void {
    this.lastError = undefined;
    if (stylesheetOnly && stylesheet) this.send('css', stylesheet);
    else this.send('reload', '');
  }

  failed(message: string): void {
    this.lastError = message;
    this.send('error', message);
  }
}

/** The page side: a tiny script, added to pages by the dev server only. */
export const LIVE_RELOAD_CLIENT = `<script src="${RELOAD_SCRIPT_PATH}"></script>`;

const LIVE_RELOAD_SCRIPT = `(function(){var s=new EventSource(${JSON.stringify(RELOAD_PATH)}),o;
function clear(){if(o){o.remove();o=null;}}
s.addEventListener("reload",function(){location.reload();});
s.addEventListener("css",function(e){clear();var l=document.querySelector('link[rel="stylesheet"]');if(l)l.href=JSON.parse(e.data);});
s.addEventListener("error",function(e){clear();o=document.createElement("div");o.setAttribute("role","alert");
o.style.cssText="position:fixed;inset:0;z-index:2000;background:rgba(20,20,24,.92);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
var h=document.createElement("strong");h.textContent="Build failed: fix the file and save, this page reloads by itself.\\n\\n";o.appendChild(h);
o.appendChild(document.createTextNode(JSON.parse(e.data)));document.body.appendChild(o);});})();`;
