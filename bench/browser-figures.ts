// Figures only a real browser gives: what a reader downloads on a page's first load, and how fast a
// client-side navigation shows the next page. Run against the production preview (bench/preview.ts)
// with Debian's Chromium. Used by `npm run bench`; `npx tsx bench/browser-figures.ts` measures an
// existing dist/ on its own.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { IDS } from '../common/constants.ts';
// Same binary and flags as the browser tests.
import { launchBrowser } from '../test/helpers/browser.ts';
import { startPreview } from './preview.ts';
import { median } from './median.ts';

/** The routes the benchmark measures: home, the largest doc page, a feature page, an index, the changelog. */
export const BENCH_ROUTES = ['/', '/docs/api/overview/', '/docs/features/lora/', '/docs/tags/', '/docs/changes/'];

/** Sidebar links between doc pages, a cycle so every page is both a start and a target once. */
export const BENCH_LINKS = [
  { from: '/docs/features/lora/', to: '/docs/features/outpainting/' },
  { from: '/docs/features/outpainting/', to: '/docs/use-cases/controlnet/' },
  { from: '/docs/use-cases/controlnet/', to: '/docs/api/overview/' },
  { from: '/docs/api/overview/', to: '/docs/changes/' },
  { from: '/docs/changes/', to: '/docs/features/lora/' },
];

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  route: string;
  /** Every request of the first load until the network is idle, prefetches included. */
  requests: number;
  /** The document itself. */
  html: Bytes;
  css: Bytes;
  js: Bytes;
  /** Images, icons, fonts, anything else the page itself asked for. */
  other: Bytes;
  /** Pages fetched ahead for links in view: not needed to show this page, so kept apart. */
  prefetch: Bytes & { requests: number };
  /** Each request, for a reader who wants to know where the bytes go. */
  files: { url: string; kind: Kind; raw: number; gzip: number }[];
}

type Kind = 'html' | 'css' | 'js' | 'other' | 'prefetch';

/**
 * The dist/ file a URL path is served from, resolved as `serve` does with cleanUrls and trailing
 * slashes: "/x/" → x/index.html, "/x" → x.html or x/index.html.
 */
export function distFile(distDir: string, pathname: string): string | undefined {
  const path = decodeURIComponent(pathname);
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  for (const candidate of candidates) {
    const file = join(distDir, candidate);
    // Never outside dist/, whatever the URL says.
    if (!resolve(file).startsWith(resolve(distDir))) continue;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

function kindOf(request: Request, file: string): Kind {
  if (request.resourceType() === 'document') return 'html';
  const ext = extname(file);
  if (ext === '.html' && ['fetch', 'xhr'].includes(request.resourceType())) return 'prefetch';
  if (ext === '.css') return 'css';
  if (ext === '.js' || ext === '.mjs') return 'js';
  return 'other';
}

/**
 * Loads each route once in a fresh browser context (empty cache) and sums what it requested.
 * Sizes come from the dist/ files the URLs map to, gzipped at level 9 here, not from the response
 * bodies: the figure then does not depend on the compression level of the server in front (serve
 * compresses on the fly at a lower level) and matches the search figures, computed the same way.
 */
export async function measurePageWeights(siteUrl: string, distDir: string, routes: string[]): Promise<PageWeight[]> {
  const browser = await launchBrowser();
  const weights: PageWeight[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      const response = await page.goto(new URL(route, siteUrl).href, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${route} answered ${response?.status() ?? 'nothing'}.`);
      const weight: PageWeight = {
        route, requests: requests.length,
        html: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 }, js: { raw: 0, gzip: 0 }, other: { raw: 0, gzip: 0 },
        prefetch: { raw: 0, gzip: 0, requests: 0 }, files: [],
      };
      for (const request of requests) {
        const url = new URL(request.url());
        const file = url.origin === new URL(siteUrl).origin ? distFile(distDir, url.pathname) : undefined;
        // A request we cannot size would silently lower the figure: better to stop.
        if (!file) throw new Error(`${route} requested ${url.href}, which is no file of ${distDir}.`);
        const content = readFileSync(file);
        const kind = kindOf(request, file);
        const raw = content.length;
        const gzip = gzipSync(content, { level: 9 }).length;
        weight[kind].raw += raw;
        weight[kind].gzip += gzip;
        if (kind === 'prefetch') weight.prefetch.requests += 1;
        weight.files.push({ url: url.pathname, kind, raw, gzip });
      }
      weights.push(weight);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

export interface ClickToPaintFigures {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median time from the click to the new content in the DOM: the rest is style, layout, paint. */
  medianSwapMs: number;
}

export interface ClickToPaintOptions {
  /** Samples per link pair; each starts from a fresh load of `from`. */
  repetitions?: number;
  /** When given, each link's pages must exist there (a stale pair list fails loudly). */
  distDir?: string;
}

/**
 * The page-side measurement, as a string: code handed to page.evaluate as a function would be
 * rewritten by esbuild (tsx) with helpers the page does not have, and the root tsconfig has no DOM
 * types. It clicks the visible link to `to`, notices the new <main>, then waits until
 * the frame showing it has been painted (two animation frames: the first callback runs before that
 * frame's paint, the second only once it is done) and resolves with the time since the click.
 */
function clickScript(to: string): string {
  const selector = JSON.stringify(`#${IDS.pageContent} a[href="${to}"], .sidebar a[href="${to}"]`);
  return `new Promise((resolve, reject) => {
    const link = [...document.querySelectorAll(${selector})].find((a) => a.getClientRects().length > 0);
    if (!link) return reject(new Error('No visible link to ' + ${JSON.stringify(to)}));
    // The page's <main> is new after every client-side navigation (the sidebar may stay).
    const old = document.getElementById(${JSON.stringify(IDS.main)});
    const timer = setTimeout(() => reject(new Error('The content was not swapped within 10 s.')), 10000);
    let start = 0;
    const observer = new MutationObserver(() => {
      if (document.getElementById(${JSON.stringify(IDS.main)}) === old) return;
      observer.disconnect();
      const swapMs = performance.now() - start;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve({ ms: performance.now() - start, swapMs, path: location.pathname });
      }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    start = performance.now();
    link.click();
  })`;
}

/**
 * Click-to-paint of a prefetched link: open `from`, hover the link to `to`, wait until the
 * prefetched page has fully arrived, then time click → new content painted, in the page.
 */
export async function measureClickToPaint(siteUrl: string, links: { from: string; to: string }[] = BENCH_LINKS, opts: ClickToPaintOptions = {}): Promise<ClickToPaintFigures> {
  const repetitions = opts.repetitions ?? 3;
  if (opts.distDir) {
    for (const { from, to } of links) {
      for (const path of [from, to]) if (!distFile(opts.distDir, path)) throw new Error(`${path} is not in ${opts.distDir}.`);
    }
  }
  const browser = await launchBrowser();
  const times: number[] = [];
  const swaps: number[] = [];
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The first sample of a fresh browser pays for warming it up, which no reader's click does.
    for (let sample = -1; sample < links.length * repetitions; sample++) {
      const { from, to } = links[Math.max(sample, 0) % links.length] ?? { from: '', to: '' };
      const target = new URL(to, siteUrl).href;
      let requested = 0;
      let arrived = false;
      const onRequest = (request: Request) => { if (request.url() === target) requested += 1; };
      const onFinished = (request: Request) => { if (request.url() === target) arrived = true; };
      page.on('request', onRequest);
      page.on('requestfinished', onFinished);
      try {
        await page.goto(new URL(from, siteUrl).href, { waitUntil: 'networkidle' });
        // Links in view are prefetched on load already; the hover is what a reader does anyway.
        await page.locator(`#${IDS.pageContent} a[href="${to}"], .sidebar a[href="${to}"]`).filter({ visible: true }).first().hover();
        const deadline = Date.now() + 10_000;
        while (!arrived) {
          if (Date.now() > deadline) throw new Error(`${to} was not prefetched from ${from}.`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const result = await page.evaluate<{ ms: number; swapMs: number; path: string }>(clickScript(to));
        if (result.path !== to) throw new Error(`Clicking ${to} on ${from} led to ${result.path}.`);
        // A second request means the router did not use the prefetched page: not what we time.
        if (requested !== 1) throw new Error(`${to} was requested ${requested} times from ${from}.`);
        if (sample >= 0) {
          times.push(result.ms);
          swaps.push(result.swapMs);
        }
      } finally {
        page.off('request', onRequest);
        page.off('requestfinished', onFinished);
      }
    }
  } finally {
    await browser.close();
  }
  return { runs: times.length, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), medianSwapMs: median(swaps) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Run directly on an existing dist/ (`npm run build` first), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const distDir = join(import.meta.dirname, '..', 'dist');
  const preview = await startPreview(distDir);
  try {
    for (const w of await measurePageWeights(preview.url, distDir, BENCH_ROUTES)) {
      console.log(`${w.route}: ${w.requests} requests (${w.prefetch.requests} prefetches, ${kb(w.prefetch.gzip)} gz); gzipped html ${kb(w.html.gzip)}, css ${kb(w.css.gzip)}, js ${kb(w.js.gzip)}, other ${kb(w.other.gzip)} `
        + `(raw ${kb(w.html.raw)}, ${kb(w.css.raw)}, ${kb(w.js.raw)}, ${kb(w.other.raw)})`);
    }
    const click = await measureClickToPaint(preview.url, BENCH_LINKS, { distDir });
    console.log(`click-to-paint (prefetched, ${click.runs} clicks): median ${click.medianMs.toFixed(1)} ms, min ${click.minMs.toFixed(1)} ms, max ${click.maxMs.toFixed(1)} ms (content swapped at ${click.medianSwapMs.toFixed(1)} ms)`);
  } finally {
    await preview.close();
  }
}
