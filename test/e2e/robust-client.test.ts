// Client-side navigation on a bad network, on the real site: when the next page's request fails
// with a server error, never comes back, or the reader is offline, the reader ends up either on the
// target page by a full page load, or on the "Page Error" view with a "Retry" button that shows the
// target page once the network is back. Never on a blank or half-swapped page: the address, the
// <h1>, the document title and the content always name the same page, and the navbar and sidebar stay.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { NAVIGATION_TIMEOUT_MS, PROGRESS_BAR_DELAY_MS } from '../../common/constants.ts';
import { TEXTS } from '../../common/texts.ts';
import { ROOT } from '../helpers/site.ts';
import { requestsReported, routeShown, siteInChromium } from '../helpers/browser.ts';

const START = '/docs/features/lora/';
/** A sidebar neighbour, visible on load (so it is prefetched too). */
const NEIGHBOUR = '/docs/features/lcm/';
/** A link in the page's text. */
const IN_TEXT = '/docs/features/styles/';

const live = siteInChromium(ROOT);

/** The start page in a fresh context, marked so that a full page load can be told from a swap. */
async function start(context?: BrowserContext): Promise<Page> {
  const page = await live.open(START, { height: 800, context });
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));
  return page;
}

const fullyLoaded = async (page: Page) => (await page.evaluate(() => (window as unknown as { marker?: number }).marker)) === undefined;

/** Intercepts the HTML of one page only (its assets are other URLs). */
const pageUrl = (path: string) => (url: URL) => url.pathname === path;

/** The parts of a page that say which page it is, from the DOM on screen or a built file. */
interface Identity {
  title: string;
  h1: string[];
  h2: string[];
  canonical: string | null;
  current: string[];
  sidebar: boolean;
}

function identity(page: Page, html?: string): Promise<Identity> {
  // No helper functions inside: the callback runs in the page as it is written.
  return page.evaluate((source) => {
    const doc = source === undefined ? document : new DOMParser().parseFromString(source, 'text/html');
    const content = doc.getElementById('page-content');
    return {
      title: doc.title,
      h1: [...(content?.querySelectorAll('h1') ?? [])].map((el) => el.textContent?.trim() ?? ''),
      h2: [...(content?.querySelectorAll('main h2') ?? [])].map((el) => el.textContent?.trim() ?? ''),
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      current: [...(content?.querySelectorAll('.docs-sidebar a[aria-current="page"]') ?? [])].map((a) => new URL(a.getAttribute('href') ?? '', location.href).pathname),
      sidebar: content?.querySelector('.docs-sidebar nav') !== null,
    };
  }, html);
}

/** The page chrome outside the swapped content, and exactly one content area with one main. */
async function assertChrome(page: Page): Promise<void> {
  assert.equal(await page.locator('header .navbar').count(), 1, 'navbar');
  assert.equal(await page.locator('footer.footer').count(), 1, 'footer');
  assert.equal(await page.locator('#page-content').count(), 1, 'one content area');
  assert.equal(await page.locator('#page-content main#main-content').count(), 1, 'one main');
}

/** The reader is on the page at `path`, all of it. */
async function assertOnPage(page: Page, path: string): Promise<void> {
  await routeShown(page, path);
  assert.equal(new URL(page.url()).pathname, path, 'the address names the page shown');
  const expected = await identity(page, readFileSync(join(live.outDir, path.slice(1), 'index.html'), 'utf8'));
  assert.equal(expected.h1.length, 1, `the built ${path} has one h1`);
  assert.deepEqual(await identity(page), expected, `everything on screen is ${path}`);
  assert.deepEqual(expected.current, [path], 'the sidebar marks the page');
  await assertChrome(page);
}

/** The reader sees "Page Error" for `path`, with a working "Retry", and the sidebar to go elsewhere. */
async function assertPageError(page: Page, path: string): Promise<void> {
  await page.waitForSelector(`#page-content h1:text-is("${TEXTS.pageError}")`);
  assert.equal(new URL(page.url()).pathname, path, 'the address names the page that could not be shown');
  const shown = await identity(page);
  assert.equal(shown.title, TEXTS.pageError);
  assert.deepEqual(shown.h1, [TEXTS.pageError], 'nothing of another page is left');
  assert.deepEqual(shown.h2, []);
  assert.ok(shown.sidebar, 'the docs sidebar stays');
  assert.deepEqual(shown.current, [path], 'the sidebar marks the page asked for, as the address does');
  assert.ok(await page.getByRole('button', { name: TEXTS.retry }).isVisible());
  await assertChrome(page);
}

const sidebarLink = (page: Page, path: string) => page.locator(`.docs-sidebar a[href="${path}"]`);

/**
 * A fresh context whose requests for `path` go to `handler` from the start: the neighbour is
 * prefetched as soon as it is visible, so a route added after the page loaded could miss it.
 */
async function routed(path: string, handler: (route: Route) => unknown, options: { clock?: boolean } = {}): Promise<{ context: BrowserContext; unroute: () => Promise<void> }> {
  const context = await live.context({ viewport: { width: 1280, height: 800 } });
  if (options.clock) await context.clock.install();
  // unroute() matches the very function given to route().
  const matcher = pageUrl(path);
  await context.route(matcher, handler);
  return { context, unroute: () => context.unroute(matcher) };
}

test('server error: the page request answered 500 leads to a full page load of the target', async () => {
  let failed = 0;
  // The script's requests for the page (prefetch and navigation) fail; the browser's own load gets through.
  const { context } = await routed(NEIGHBOUR, (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    failed++;
    return route.fulfill({ status: 500, contentType: 'text/html', body: '<!DOCTYPE html><title>Internal Server Error</title><h1>Internal Server Error</h1>' });
  });
  const page = await start(context);
  await sidebarLink(page, NEIGHBOUR).click();
  await assertOnPage(page, NEIGHBOUR);
  assert.ok(failed >= 1, 'the failing request was made');
  assert.ok(await fullyLoaded(page), 'a full page load');
});

test('network down for the page (request aborted, navigator.onLine still true): "Page Error", then "Retry" shows it', async () => {
  const { context, unroute } = await routed(IN_TEXT, (route) => route.abort('internetdisconnected'));
  const page = await start(context);
  await page.locator(`.markdown a[href="${IN_TEXT}"]`).first().click();
  await assertPageError(page, IN_TEXT);
  assert.equal(await fullyLoaded(page), false, 'no full load onto the browser\'s own error page');

  await unroute();
  await page.getByRole('button', { name: TEXTS.retry }).click();
  await assertOnPage(page, IN_TEXT);
  assert.equal(await fullyLoaded(page), false, 'shown in place');
});

test('offline: "Page Error" for a page not fetched ahead; back online, "Retry" shows it, and history has no extra entry', async () => {
  const page = await start();
  const target = '/docs/api/like/create/'; // far down the sidebar: not visible yet, so not prefetched
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await requestsReported(page);
  assert.equal(requested.includes(target), false, 'not fetched ahead');
  await page.context().setOffline(true);
  await sidebarLink(page, target).click();
  await assertPageError(page, target);

  await page.context().setOffline(false);
  await page.getByRole('button', { name: TEXTS.retry }).click();
  await assertOnPage(page, target);
  assert.equal(await fullyLoaded(page), false, 'shown in place');
  await page.goBack();
  await assertOnPage(page, START);
  await page.goForward();
  await assertOnPage(page, target);
});

test('no answer: the old page stays whole until the time limit, then a full page load (or "Page Error" when offline)', async () => {
  const held: Route[] = [];
  // Script requests for the page (its prefetch too) are never answered; the browser's own load
  // gets through. The pages' timers run on a clock the test holds and moves on: what is checked
  // before the router's time limit is checked before it, however slow the machine.
  const onHeldClock = async () => {
    const { context, unroute } = await routed(NEIGHBOUR, (route) => {
      if (route.request().resourceType() === 'fetch') held.push(route);
      else void route.continue();
    }, { clock: true });
    const page = await start(context);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    return { page, answer: unroute };
  };
  const { page: slow } = await onHeldClock();
  const { page: offline, answer } = await onHeldClock();
  await Promise.all([sidebarLink(slow, NEIGHBOUR).click(), sidebarLink(offline, NEIGHBOUR).click()]);
  await offline.context().setOffline(true);

  // While waiting: still the whole old page, with the progress bar.
  await Promise.all([slow, offline].map((page) => page.clock.runFor(PROGRESS_BAR_DELAY_MS + 1)));
  await slow.waitForSelector('.progress-bar', { state: 'attached' });
  await assertOnPage(slow, START);
  await assertOnPage(offline, START);

  // The time limit passes.
  await Promise.all([slow, offline].map((page) => page.clock.runFor(NAVIGATION_TIMEOUT_MS)));
  await Promise.all([
    (async () => {
      await assertOnPage(slow, NEIGHBOUR);
      assert.ok(await fullyLoaded(slow), 'a full page load');
    })(),
    (async () => {
      await assertPageError(offline, NEIGHBOUR);
      await offline.context().setOffline(false);
      await answer();
      await offline.getByRole('button', { name: TEXTS.retry }).click();
      await assertOnPage(offline, NEIGHBOUR);
      assert.equal(await fullyLoaded(offline), false, 'shown in place');
    })(),
  ]);
  assert.ok(held.length >= 1);
});
