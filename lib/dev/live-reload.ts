// Dev mode: open tabs learn about rebuilds over server-sent events. After a good build each tab
// brings its page up to date, in place when only the page's own parts changed, else by reloading
// (a stylesheet-only change swaps the stylesheet without a reload); a failed build shows an
// overlay with the file, line and message; the next good build clears it. The tabs' side is
// lib/dev/reload-client.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { reloadClientScript } from './reload-client.ts';

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
    else this.send('rebuilt', '');
  }

  failed(message: string): void {
    this.lastError = message;
    this.send('error', message);
  }
}

/** The page side: a small script, added to pages by the dev server only. */
export const LIVE_RELOAD_CLIENT = `<script src="${RELOAD_SCRIPT_PATH}"></script>`;

const LIVE_RELOAD_SCRIPT = reloadClientScript(RELOAD_PATH);
