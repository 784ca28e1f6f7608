// Real Chromium for the browser tests: Debian's binary driven by playwright-core, and the site
// served by our own static server on a free loopback port. Everything a test opens through
// siteInChromium is closed after that test, also when it fails, so nothing is left to keep the
// test file's process alive; and the waits go on what the page shows or on the client's signals.
import type { AddressInfo } from 'node:net';
import { after, afterEach, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createStaticServer } from '../../lib/dev/static-server.ts';
import { buildInto } from './site.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export async function serve(dir: string, baseUrl = '/'): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, baseUrl });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A browser keeps idle connections open; close() alone would wait for them.
      server.closeAllConnections();
    }),
  };
}

/** Waits until the client script has started on the page: every behaviour is in place. */
export async function ready(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Waits until the page at `route` (path and query) is all on screen, swapped in by the router or
 * loaded by the browser. The address alone says nothing: on back and forward it changes first.
 */
export async function routeShown(page: Page, route: string): Promise<void> {
  await page.waitForFunction((expected) => {
    const { dataset } = document.documentElement;
    return dataset.hasHydrated === 'true' && dataset.route === expected;
  }, route);
}

/**
 * Returns once every request the page has made so far has been reported to the test: the
 * prefetches of links that became visible (at the next rendering update) and those of events
 * already dispatched. For "this was not requested" checks, which no elapsed time can settle.
 */
export async function requestsReported(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Requests are reported in the order they are made: once this one is seen, the earlier ones are.
  const marker = page.waitForRequest((request) => new URL(request.url()).pathname === '/sitemap.xml');
  await page.evaluate(() => void fetch('/sitemap.xml'));
  await marker;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  /** A context of the test's own (else a new one with the given size, closed after the test). */
  context?: BrowserContext;
}

/** A built site served to Chromium for the tests of one file (filled in before they run). */
export interface SiteInChromium {
  browser: Browser;
  /** Origin of the static server: "http://127.0.0.1:PORT". */
  url: string;
  outDir: string;
  /** A new browser context, closed after the test that opened it. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** `path` of the site (or a full URL) in a new page, once the client script has started on it. */
  open(path: string, options?: OpenOptions): Promise<Page>;
  /** Serves another built folder until the test ends; returns its origin. */
  serve(dir: string): Promise<string>;
}

/**
 * For a test file: builds the site, serves it and launches Chromium before its tests, closes what
 * each test opened through it after that test, and the server and Chromium after the last one.
 * Read the fields inside the tests (they are set in `before`).
 */
export function siteInChromium(siteDir: string): SiteInChromium {
  let server: { close: () => Promise<void> } | undefined;
  let opened: (() => Promise<void>)[] = [];
  const live: SiteInChromium = {
    browser: undefined as unknown as Browser,
    url: '',
    outDir: '',
    async context(options = {}) {
      const context = await live.browser.newContext(options);
      opened.push(() => context.close());
      return context;
    },
    async open(path, { width = 1280, height = 900, context } = {}) {
      const page = await (context ?? (await live.context({ viewport: { width, height } }))).newPage();
      await page.goto(/^https?:/.test(path) ? path : `${live.url}${path}`);
      await ready(page);
      return page;
    },
    async serve(dir) {
      const started = await serve(dir);
      opened.push(started.close);
      return started.url;
    },
  };
  before(async () => {
    ({ outDir: live.outDir } = await buildInto(siteDir));
    const started = await serve(live.outDir);
    server = started;
    live.url = started.url;
    live.browser = await launchBrowser();
  });
  afterEach(async () => {
    // Contexts before servers: a browser's open connections would hold a server's close.
    const closing = opened.reverse();
    opened = [];
    const errors: unknown[] = [];
    for (const close of closing) await close().catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw new AggregateError(errors, 'Closing what the test opened failed');
  });
  after(async () => {
    await live.browser?.close();
    await server?.close();
  });
  return live;
}
