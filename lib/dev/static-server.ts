// A small static file server that follows the site's URL rules: every route is a folder with
// index.html and ends with "/", ".html" paths redirect to the clean path, unknown paths get
// 404.html with status 404. Used by `npm start` and by the browser tests.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { SVG_POLICY } from '../security.ts';
import { pipeline } from 'node:stream';
import { hostAllowed } from './allowed-host.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** A rebuild replaces the output folder while requests come in: a path that vanishes is just not a file. */
function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

export interface StaticServerOptions {
  /** Folder to serve (dist/). Read on every request, so a rebuild shows at once. */
  dir: string;
  baseUrl?: string;
  /** Dev mode: markup added before </body> of every page (the live-reload client). */
  injectIntoPages?: string;
  /** Dev mode: answers a request first (the reload channel); returns true when it did. */
  handle?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /**
   * Dev mode: host names the server answers to besides localhost and IP addresses; any other
   * `Host` gets 403 (see lib/dev/allowed-host.ts). Without it every Host is served (the tests).
   */
  allowedHosts?: readonly string[];
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  response.end(text);
}

export function createStaticServer(options: StaticServerOptions): Server {
  const base = options.baseUrl ?? '/';
  return createServer((request, response) => {
    if (options.allowedHosts && !hostAllowed(request.headers.host, options.allowedHosts)) {
      return plain(response, 403, `Refused: this server answers to localhost and its IP addresses, not to "${request.headers.host ?? ''}" (start it with --host NAME to serve under another name).`);
    }
    if (options.handle?.(request, response)) return;
    let url: URL;
    let pathname: string;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return plain(response, 400, 'Bad request: the address is malformed (a "%" must start an escape like %20).');
    }
    /** The file went away between the check and the read (a rebuild): the not-found page instead. */
    const vanished = (status: number) => (status === 404 ? plain(response, 404, 'Not found') : notFound());
    const send = (status: number, file: string) => {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      // Hashed assets never change under their name; pages must be revalidated.
      const cache = file.includes(`${join(options.dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
      // An SVG opened by its address must not run script on the origin (lib/security.ts SVG_POLICY).
      const svg = extname(file) === '.svg' ? { 'Content-Security-Policy': SVG_POLICY } : {};
      const headers = { 'Content-Type': type, 'Cache-Control': cache, ...svg };
      if (options.injectIntoPages && file.endsWith('.html')) {
        let page: string;
        try {
          page = readFileSync(file, 'utf8');
        } catch {
          return vanished(status);
        }
        response.writeHead(status, headers);
        response.end(request.method === 'HEAD' ? undefined : page.replace('</body>', `${options.injectIntoPages}</body>`));
        return;
      }
      // The status goes out only once the file is open, so a file that vanished can still be a 404.
      const stream = createReadStream(file);
      stream.once('error', () => vanished(status));
      stream.once('open', () => {
        stream.removeAllListeners('error');
        response.writeHead(status, headers);
        if (request.method === 'HEAD') {
          stream.destroy();
          response.end();
        } else {
          // A read error after the headers, or a client that goes away, ends both streams.
          pipeline(stream, response, () => {});
        }
      });
    };
    const notFound = () => {
      const page = join(options.dir, '404.html');
      if (isFile(page)) send(404, page);
      else plain(response, 404, 'Not found');
    };
    const redirect = (to: string) => {
      response.writeHead(301, { Location: `${to}${url.search}` });
      response.end();
    };
    if (!pathname.startsWith(base)) return notFound();
    const relative = normalize(pathname.slice(base.length - 1)).replace(/^(\.\.[/\\])+/, '');
    const target = join(options.dir, relative);
    if (!target.startsWith(options.dir)) return notFound();
    if (pathname.endsWith('/')) return isFile(join(target, 'index.html')) ? send(200, join(target, 'index.html')) : notFound();
    // "/docs/x/index.html" and "/docs/x.html" are the clean route "/docs/x/".
    const htmlMatch = /(?:\/index)?\.html$/.exec(pathname);
    if (htmlMatch && pathname !== `${base}404.html`) {
      const clean = `${pathname.slice(0, htmlMatch.index)}/`;
      if (isFile(join(options.dir, clean.slice(base.length - 1), 'index.html'))) return redirect(clean);
    }
    if (isFile(target)) return send(200, target);
    if (isFile(join(target, 'index.html'))) return redirect(`${pathname}/`);
    return notFound();
  });
}
