// A small static file server that follows the site's URL rules: every route is a folder with
// index.html and ends with "/", ".html" paths redirect to the clean path, unknown paths get
// 404.html with status 404. Used by `npm start` and by the browser tests.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { SVG_POLICY } from './security.ts';

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

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

export interface StaticServerOptions {
  /** Folder to serve (dist/). Read on every request, so a rebuild shows at once. */
  dir: string;
  baseUrl?: string;
  /** Dev mode: markup added before </body> of every page (the live-reload client). */
  injectIntoPages?: string;
  /** Dev mode: answers a request first (the reload channel); returns true when it did. */
  handle?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export function createStaticServer(options: StaticServerOptions): Server {
  const base = options.baseUrl ?? '/';
  return createServer((request, response) => {
    if (options.handle?.(request, response)) return;
    const url = new URL(request.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const send = (status: number, file: string) => {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      // Hashed assets never change under their name; pages must be revalidated.
      const cache = file.includes(`${join(options.dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
      // An SVG opened by its address must not run script on the origin (lib/security.ts SVG_POLICY).
      const svg = extname(file) === '.svg' ? { 'Content-Security-Policy': SVG_POLICY } : {};
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': cache, ...svg });
      if (request.method === 'HEAD') response.end();
      else if (options.injectIntoPages && file.endsWith('.html')) {
        response.end(readFileSync(file, 'utf8').replace('</body>', `${options.injectIntoPages}</body>`));
      } else createReadStream(file).pipe(response);
    };
    const notFound = () => {
      const page = join(options.dir, '404.html');
      if (isFile(page)) send(404, page);
      else {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Not found');
      }
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
