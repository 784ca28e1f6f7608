// The client script in Chromium: colour mode, mobile menu, announcement, client-side navigation,
// prefetch, progress bar, clean paths, failures, zoom, table-of-contents spy, code blocks, analytics.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';
import { ready, requestsReported, routeShown, siteInChromium } from '../helpers/browser.ts';

const live = siteInChromium(BASIC_FIXTURE);
const open = live.open;

/** The basic fixture with its site.yml changed, built and served until the test ends. */
async function servedWithConfig(change: (config: string) => string): Promise<string> {
  const config = change(readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8'));
  const { outDir } = await buildInto(fixtureWith({ 'content/site.yml': config }));
  return live.serve(outDir);
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));

test('colour mode: a change in one tab applies to the other open tabs without reload', async () => {
  const context = await live.context();
  const first = await open('/docs/guides/first/', { context });
  const second = await open('/docs/changes/', { context });
  await setMarker(second);
  assert.equal(await second.locator('html').getAttribute('data-theme'), 'light');
  await first.locator('[data-color-mode-toggle]').click();
  await second.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  assert.equal(await marker(second), 42, 'no reload');
  assert.equal(await second.locator('[data-color-mode-toggle]').getAttribute('aria-label'), 'Switch between dark and light mode (currently dark mode)');
});

test('mobile menu: Escape closes it and returns focus, a link click or an outside click closes it', async () => {
  const page = await open('/docs/guides/first/', { width: 800 });
  const menu = page.locator('#mobile-menu');
  const toggle = page.getByLabel('Toggle navigation bar');
  await toggle.click();
  assert.equal(await menu.getAttribute('open'), '');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('.mobile-menu__panel') !== null), true, 'focus moves into the panel');
  await page.keyboard.press('Escape');
  assert.equal(await menu.getAttribute('open'), null);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('mobile-menu__toggle')), true);
  await toggle.click();
  await page.mouse.click(790, 450);
  assert.equal(await menu.getAttribute('open'), null, 'outside click');
  await toggle.click();
  await page.locator('.mobile-menu__panel').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await menu.getAttribute('open'), null, 'link click');
});

test('hide-on-scroll, when enabled, hides the navbar scrolling down and shows it scrolling up', async () => {
  const url = await servedWithConfig((config) => config.replace('navbar:\n', 'navbar:\n  hideOnScroll: true\n'));
  const page = await open(`${url}/docs/guides/first/`, { height: 400 });
  const header = page.locator('.navbar-wrapper');
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  assert.ok(bottom >= 400, `the page scrolls far enough (${bottom} px)`);
  // A wheel turn scrolls smoothly over several frames: wait for the end of each scroll, or the
  // next turn would only change where the running one stops.
  const scrolledTo = (y: number) => page.waitForFunction((target) => window.scrollY === target, y);
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, 400);
  await scrolledTo(400);
  assert.equal(await header.getAttribute('data-hidden'), 'true', 'hidden after scrolling down');
  await page.mouse.wheel(0, -200);
  await scrolledTo(200);
  assert.equal(await header.getAttribute('data-hidden'), null, 'shown after scrolling up');
});

test('announcement: dismissal survives a reload; a new announcement id shows again', async () => {
  const page = await open('/docs/changes/');
  const bar = page.getByRole('region', { name: 'Announcement' });
  assert.ok(await bar.isVisible());
  await bar.getByRole('button', { name: 'Close' }).click();
  assert.equal(await bar.isVisible(), false);
  await page.reload();
  await ready(page);
  assert.equal(await bar.isVisible(), false, 'still dismissed after reload');
  assert.equal(await page.evaluate(() => localStorage.getItem('announcement.id')), 'fixture-1');
  await page.evaluate(() => localStorage.setItem('announcement.id', 'an-older-announcement'));
  await page.reload();
  await ready(page);
  assert.ok(await bar.isVisible(), 'a different id shows the bar again');
});

test('the preferred docs version is remembered when a docs page is visited', async () => {
  const page = await open('/docs/changes/');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs.preferred-version')), 'current');
});

test('client-side navigation swaps the page, keeps the window, scrolls to the top or the anchor', async () => {
  const page = await open('/docs/guides/first/', { height: 500 });
  await setMarker(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await marker(page), 42, 'same window, no full load');
  assert.equal(await page.title(), 'Second guide | Fixture docs');
  assert.equal(await page.locator('.docs-sidebar [aria-current="page"]').textContent(), 'Second guide');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'top of the new page');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content', 'focus moves to the content');
  await page.goBack();
  await routeShown(page, '/docs/guides/first/');
  assert.equal(await page.locator('h1').first().textContent(), 'First guide');
  assert.equal(await marker(page), 42);
  // A link with an anchor scrolls to that heading.
  await page.locator('.markdown').getByRole('link', { name: 'link to the second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(new URL(page.url()).hash, '#deep-section');
  const top = await page.locator('#deep-section').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 150, `anchor at the top (${top})`);
});

test('between pages with the same sidebar, the sidebar stays in place and marks the new page', async () => {
  const page = await open('/docs/guides/first/');
  await page.evaluate(() => document.querySelector('.docs-sidebar')?.setAttribute('data-marker', 'kept'));
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await page.locator('main h1').textContent(), 'Second guide');
  assert.equal(await page.locator('.docs-sidebar').getAttribute('data-marker'), 'kept', 'the same sidebar element');
  assert.deepEqual(await page.locator('.docs-sidebar [aria-current="page"]').allTextContents(), ['Second guide']);
  assert.equal(await page.locator('.docs-sidebar .menu__link--active').count(), 1);
});

test('back restores the scroll position; the sidebar keeps its own scroll across navigations', async () => {
  const page = await open('/docs/guides/first/', { height: 260 });
  await page.evaluate(() => window.scrollTo(0, 300));
  const sidebarScroll = () => page.evaluate(() => document.querySelector('.docs-sidebar')?.scrollTop ?? -1);
  await page.evaluate(() => {
    const sidebar = document.querySelector('.docs-sidebar');
    if (sidebar) sidebar.scrollTop = 80;
  });
  const before = await sidebarScroll();
  assert.ok(before > 0, `the sidebar scrolls on its own (${before})`);
  // A scripted click, so the test itself does not scroll the link into view.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.docs-sidebar a[href="/docs/guides/second/"]')?.click());
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await sidebarScroll(), before);
  await page.goBack();
  await routeShown(page, '/docs/guides/first/');
  assert.equal(await page.evaluate(() => window.scrollY), 300);
});

test('the progress bar appears for a route slower than 200 ms and not for a fast one', async () => {
  const context = await live.context();
  // The slow page (its prefetch included) is held until the bar has shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/docs/guides/second/', async (route) => {
    await held;
    await route.continue();
  });
  // The fast one is in hand before its link is clicked: prefetched on load (its link is visible).
  const prefetched = context.waitForEvent('requestfinished', (request) => request.url().endsWith('/docs/changes/'));
  const page = await open('/docs/guides/first/', { context });
  await page.evaluate(() => {
    (window as unknown as { bars: number }).bars = 0;
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) {
        if (node instanceof HTMLElement && node.classList.contains('progress-bar')) (window as unknown as { bars: number }).bars++;
      }
    }).observe(document.body, { childList: true });
  });
  const bars = () => page.evaluate(() => (window as unknown as { bars: number }).bars);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.locator('.progress-bar').waitFor({ state: 'attached' });
  release();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await bars(), 1, 'slow route: one bar');
  await prefetched;
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Changes' }).click();
  // The bar would have been added before the page is shown (the router ends its timer then).
  await routeShown(page, '/docs/changes/');
  assert.equal(await bars(), 1, 'fast route: no new bar');
});

/** The pages (paths ending in "/") among the requests seen once the page's requests are all reported. */
async function pageRequestsSoFar(page: Page, seen: string[]): Promise<string[]> {
  await requestsReported(page);
  return seen.filter((path) => path.endsWith('/'));
}

test('prefetch: a hovered link is fetched ahead, and nothing is prefetched with data saver on', async () => {
  const requests: string[] = [];
  const context = await live.context({ viewport: { width: 1280, height: 400 } });
  context.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const page = await open('/docs/guides/first/', { context });
  const before = await pageRequestsSoFar(page, requests);
  assert.ok(before.includes('/docs/guides/second/'), `a visible link is fetched ahead: ${before.join(', ')}`);
  assert.equal(before.includes('/about/'), false, 'the link below the fold is not fetched yet');
  const hovered = page.waitForRequest((request) => new URL(request.url()).pathname === '/about/');
  await page.locator('.markdown a[href="/about/"]').hover({ force: true });
  await hovered;
  assert.equal((await pageRequestsSoFar(page, requests)).filter((path) => path === '/about/').length, 1, 'fetched once on hover');

  const saving = await live.context({ viewport: { width: 1280, height: 400 } });
  await saving.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } });
  });
  const seen: string[] = [];
  saving.on('request', (request) => seen.push(new URL(request.url()).pathname));
  const quiet = await open('/docs/guides/first/', { context: saving });
  await quiet.locator('.markdown a[href="/about/"]').hover({ force: true });
  assert.deepEqual((await pageRequestsSoFar(quiet, seen)).filter((path) => path !== '/docs/guides/first/'), [], 'no page prefetched');
});

test('".html" and "/index.html" addresses are normalised to the clean path', async () => {
  const html = readFileSync(join(live.outDir, 'docs/guides/first/index.html'), 'utf8');
  const context = await live.context();
  await context.route(/\/docs\/guides\/first(\/index)?\.html$/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const page = await context.newPage();
  for (const path of ['/docs/guides/first/index.html', '/docs/guides/first.html']) {
    await page.goto(`${live.url}${path}?q=1#use`);
    await ready(page);
    assert.equal(await page.evaluate(() => location.pathname + location.search + location.hash), '/docs/guides/first/?q=1#use', path);
  }
});

test('a page fetch that fails with a server error falls back to a full page load', async () => {
  const context = await live.context();
  let failed = 0;
  // Script fetches of the page (prefetch and navigation) fail; the browser's own load succeeds.
  await context.route('**/docs/guides/second/', async (route) => {
    if (route.request().resourceType() === 'fetch') {
      failed++;
      await route.fulfill({ status: 503, body: 'unavailable' });
    } else {
      await route.continue();
    }
  });
  const page = await open('/docs/guides/first/', { context });
  await setMarker(page);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.equal(await page.locator('main h1').textContent(), 'Second guide');
  assert.ok(failed >= 1);
  assert.equal(await marker(page), undefined, 'a full load replaced the window');
});

test('offline: "Page Error" with a "Retry" button; a broken page: "This page crashed." with "Try again"', async () => {
  // The link to /about/ sits below the fold, so it has not been prefetched before going offline.
  const page = await open('/docs/guides/first/', { height: 400 });
  await page.context().setOffline(true);
  await page.locator('.markdown a[href="/about/"]').click();
  await page.waitForSelector('h1:text("Page Error")');
  assert.ok(await page.getByRole('button', { name: 'Retry' }).isVisible());
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await routeShown(page, '/about/');
  assert.equal(await page.locator('main h1').textContent(), 'About');

  await page.route('**/docs/changes/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>x</title><p>Not a page of this site</p>' }));
  await page.goto(`${live.url}/docs/guides/first/`);
  await ready(page);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Changes' }).click();
  await page.waitForSelector('h1:text("This page crashed.")');
  assert.ok(await page.getByRole('button', { name: 'Try again' }).isVisible());
});

test('image zoom opens on click after a client-side navigation', async () => {
  const page = await open('/docs/guides/first/');
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  // Zoom is attached to the new page's images a moment after the swap (medium-zoom marks them).
  await page.locator('.markdown img.medium-zoom-image').waitFor();
  await page.locator('.markdown img').click();
  await page.waitForSelector('.medium-zoom-overlay');
  assert.ok(await page.locator('.medium-zoom-image--opened').count() >= 1);
});

test('the table of contents highlights the heading being read, and the last one at the bottom', async () => {
  const page = await open('/docs/guides/first/', { height: 600 });
  const active = () => page.locator('.toc-desktop .toc__link--active').allTextContents();
  await page.evaluate(() => window.scrollTo(0, (document.getElementById('details')?.offsetTop ?? 0) - 80));
  await page.waitForFunction(() => document.querySelector('.toc-desktop .toc__link--active')?.textContent === 'Details');
  assert.deepEqual(await active(), ['Details']);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => document.querySelector('.toc-desktop .toc__link--active')?.textContent === 'Reference');
});

test('code: the copy button copies and says "Copied"; the chosen tab is synced and remembered', async () => {
  const context = await live.context({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await open('/docs/guides/first/', { context });
  const block = page.locator('.code-block').first();
  await block.hover();
  const copy = block.getByRole('button', { name: 'Copy code to clipboard' });
  await copy.click();
  await page.waitForFunction(() => document.querySelector('.code-block__copy')?.getAttribute('aria-label') === 'Copied');
  assert.equal(await block.locator('.code-block__copy').textContent(), 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'echo one\necho two');
  await page.waitForFunction(() => document.querySelector('.code-block__copy')?.getAttribute('aria-label') === 'Copy code to clipboard');

  const tabs = page.locator('.code-tabs').first();
  assert.equal(await tabs.getByRole('tab', { selected: true }).textContent(), 'cURL');
  await tabs.getByRole('tab', { name: 'Python' }).click();
  assert.ok(await tabs.getByText("requests.get('https://api.example.com/tunes')").isVisible());
  assert.equal(await tabs.getByText('curl https://api.example.com/tunes').isVisible(), false);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.code-tabs').first().getByRole('tab', { selected: true }).textContent(), 'Python', 'remembered');
});

test('code: a numbered block shows its line numbers, and the copy button copies the code without them or its magic comments', async () => {
  const page = '---\ntitle: Numbered\n---\n# Numbered\n\n```js showLineNumbers=9\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```\n';
  const { outDir } = await buildInto(fixtureWith({ 'content/docs/guides/numbered.md': page }));
  const url = await live.serve(outDir);
  const context = await live.context({ permissions: ['clipboard-read', 'clipboard-write'] });
  const tab = await open(`${url}/docs/guides/numbered/`, { context });
  const block = tab.locator('.code-block').first();
  const numbers = await block.locator('.code-line').evaluateAll((lines) => lines.map((line) => getComputedStyle(line, '::before').content));
  assert.deepEqual(numbers, ['"9" / ""', '"10" / ""']);
  assert.equal(await block.locator('.code-line--highlighted').textContent(), 'const b = 2;');
  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await tab.waitForFunction(() => document.querySelector('.code-block__copy')?.getAttribute('aria-label') === 'Copied');
  assert.equal(await tab.evaluate(() => navigator.clipboard.readText()), 'const a = 1;\nconst b = 2;');
});

test('no request leaves the site without an analytics id', async () => {
  const page = await open('/docs/guides/first/');
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.reload();
  await ready(page);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  await requestsReported(page);
  assert.deepEqual([...hosts], [new URL(live.url).host]);
});

test('with an analytics id, a page view is sent on first load and on each client-side navigation', async () => {
  const url = await servedWithConfig((config) => config.replace('navbar:\n', 'analyticsId: G-TEST123\nnavbar:\n'));
  const context = await live.context();
  const loaded: string[] = [];
  // The provider's tag is answered locally: no request leaves this machine.
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  const page = await open(`${url}/docs/guides/first/`, { context });
  const views = () => page.evaluate(() =>
    ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
      .map((args) => Array.from(args))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path));
  assert.deepEqual(await views(), ['/docs/guides/first/']);
  assert.equal(loaded.length, 1);
  assert.match(loaded[0] ?? '', /id=G-TEST123/);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await routeShown(page, '/docs/guides/second/');
  assert.deepEqual(await views(), ['/docs/guides/first/', '/docs/guides/second/']);
});

test('a page served outside the configured base URL shows the base-URL banner', async () => {
  const url = await servedWithConfig((config) => config.replace('baseUrl: /', 'baseUrl: /sub/'));
  // Its script is not where the page looks for it: the banner comes from the page's inline script.
  const page = await (await live.context()).newPage();
  await page.goto(`${url}/docs/guides/first/`);
  const banner = page.locator('#base-url-banner');
  assert.ok(await banner.isVisible());
  assert.match(await banner.textContent() ?? '', /did not load properly[\s\S]*baseUrl = \/sub\/[\s\S]*We suggest trying baseUrl = \/docs\/guides\/first\//);
  // Served where it belongs, no banner.
  const right = await open('/docs/guides/first/');
  assert.equal(await right.locator('#base-url-banner').count(), 0);
});
