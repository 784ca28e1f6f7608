// The client script in Chromium: colour mode, mobile menu, announcement, client-side navigation,
// prefetch, progress bar, clean paths, failures, zoom, table-of-contents spy, code blocks, analytics.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';
import { launchBrowser, serve } from '../helpers/browser.ts';

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let outDir: string;

before(async () => {
  ({ outDir } = await buildInto(BASIC_FIXTURE));
  site = await serve(outDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string, options: { width?: number; height?: number; context?: BrowserContext } = {}): Promise<Page> {
  const context = options.context ?? (await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 } }));
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  return page;
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));

test('colour mode: a change in one tab applies to the other open tabs without reload', async () => {
  const context = await browser.newContext();
  const first = await open('/docs/guides/first/', { context });
  const second = await open('/docs/changes/', { context });
  await setMarker(second);
  assert.equal(await second.locator('html').getAttribute('data-theme'), 'light');
  await first.locator('[data-color-mode-toggle]').click();
  await second.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
  assert.equal(await marker(second), 42, 'no reload');
  assert.equal(await second.locator('[data-color-mode-toggle]').getAttribute('aria-label'), 'Switch between dark and light mode (currently dark mode)');
  await context.close();
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
  await page.waitForURL('**/docs/guides/second/');
  assert.equal(await menu.getAttribute('open'), null, 'link click');
  await page.context().close();
});

test('hide-on-scroll, when enabled, hides the navbar scrolling down and shows it scrolling up', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('navbar:\n', 'navbar:\n  hideOnScroll: true\n');
  const { outDir: hidingOut } = await buildInto(fixtureWith({ 'content/site.yml': config }));
  const hiding = await serve(hidingOut);
  const context = await browser.newContext({ viewport: { width: 1280, height: 400 } });
  const page = await context.newPage();
  await page.goto(`${hiding.url}/docs/guides/first/`);
  const header = page.locator('.navbar-wrapper');
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => document.querySelector('.navbar-wrapper')?.getAttribute('data-hidden') === 'true');
  await page.mouse.wheel(0, -200);
  await page.waitForFunction(() => !document.querySelector('.navbar-wrapper')?.hasAttribute('data-hidden'));
  assert.equal(await header.getAttribute('data-hidden'), null);
  await context.close();
  await hiding.close();
});

test('announcement: dismissal survives a reload; a new announcement id shows again', async () => {
  const page = await open('/docs/changes/');
  const bar = page.getByRole('region', { name: 'Announcement' });
  assert.ok(await bar.isVisible());
  await bar.getByRole('button', { name: 'Close' }).click();
  assert.equal(await bar.isVisible(), false);
  await page.reload();
  assert.equal(await bar.isVisible(), false, 'still dismissed after reload');
  assert.equal(await page.evaluate(() => localStorage.getItem('announcement.id')), 'fixture-1');
  await page.evaluate(() => localStorage.setItem('announcement.id', 'an-older-announcement'));
  await page.reload();
  assert.ok(await bar.isVisible(), 'a different id shows the bar again');
  await page.context().close();
});

test('the preferred docs version is remembered when a docs page is visited', async () => {
  const page = await open('/docs/changes/');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs.preferred-version')), 'current');
  await page.context().close();
});

test('client-side navigation swaps the page, keeps the window, scrolls to the top or the anchor', async () => {
  const page = await open('/docs/guides/first/', { height: 500 });
  await setMarker(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  assert.equal(await marker(page), 42, 'same window, no full load');
  assert.equal(await page.title(), 'Second guide | Fixture docs');
  assert.equal(await page.locator('.docs-sidebar [aria-current="page"]').textContent(), 'Second guide');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'top of the new page');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content', 'focus moves to the content');
  await page.goBack();
  await page.waitForURL('**/docs/guides/first/');
  // On back the address changes first; the page is swapped in when its HTML is there.
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'First guide');
  assert.equal(await page.locator('h1').first().textContent(), 'First guide');
  assert.equal(await marker(page), 42);
  // A link with an anchor scrolls to that heading.
  await page.locator('.markdown').getByRole('link', { name: 'link to the second guide' }).click();
  await page.waitForURL('**/docs/guides/second/#deep-section');
  const top = await page.locator('#deep-section').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 150, `anchor at the top (${top})`);
  await page.context().close();
});

test('between pages with the same sidebar, the sidebar stays in place and marks the new page', async () => {
  const page = await open('/docs/guides/first/');
  await page.evaluate(() => document.querySelector('.docs-sidebar')?.setAttribute('data-marker', 'kept'));
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Second guide');
  assert.equal(await page.locator('.docs-sidebar').getAttribute('data-marker'), 'kept', 'the same sidebar element');
  assert.deepEqual(await page.locator('.docs-sidebar [aria-current="page"]').allTextContents(), ['Second guide']);
  assert.equal(await page.locator('.docs-sidebar .menu__link--active').count(), 1);
  await page.context().close();
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
  await page.waitForURL('**/docs/guides/second/');
  assert.equal(await sidebarScroll(), before);
  await page.goBack();
  await page.waitForURL('**/docs/guides/first/');
  await page.waitForFunction(() => window.scrollY === 300);
  await page.context().close();
});

test('the progress bar appears for a route slower than 200 ms and not for a fast one', async () => {
  const context = await browser.newContext();
  // Every request for the slow page (its prefetch included) takes a second.
  await context.route('**/docs/guides/second/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${site.url}/docs/guides/first/`);
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
  await page.waitForSelector('.progress-bar', { state: 'attached', timeout: 900 });
  await page.waitForURL('**/docs/guides/second/');
  assert.equal(await bars(), 1, 'slow route: one bar');
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Changes' }).click();
  await page.waitForURL('**/docs/changes/');
  await page.waitForTimeout(300);
  assert.equal(await bars(), 1, 'fast route: no new bar');
  await context.close();
});

test('prefetch: a hovered link is fetched ahead, and nothing is prefetched with data saver on', async () => {
  const requests: string[] = [];
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 400 } })).newPage();
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${site.url}/docs/guides/first/`);
  await page.waitForTimeout(200);
  assert.equal(requests.includes('/about/'), false, 'the link below the fold is not fetched yet');
  await page.locator('.markdown a[href="/about/"]').hover({ force: true });
  await page.waitForTimeout(200);
  assert.equal(requests.filter((path) => path === '/about/').length, 1, 'fetched once on hover');
  await page.context().close();

  const saving = await browser.newContext({ viewport: { width: 1280, height: 400 } });
  await saving.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } });
  });
  const quiet = await saving.newPage();
  const seen: string[] = [];
  quiet.on('request', (request) => seen.push(new URL(request.url()).pathname));
  await quiet.goto(`${site.url}/docs/guides/first/`);
  await quiet.locator('.markdown a[href="/about/"]').hover({ force: true });
  await quiet.waitForTimeout(300);
  assert.deepEqual(seen.filter((path) => path.endsWith('/') && path !== '/docs/guides/first/'), [], 'no page prefetched');
  await saving.close();
});

test('".html" and "/index.html" addresses are normalised to the clean path', async () => {
  const html = readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8');
  const context = await browser.newContext();
  await context.route(/\/docs\/guides\/first(\/index)?\.html$/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const page = await context.newPage();
  for (const path of ['/docs/guides/first/index.html', '/docs/guides/first.html']) {
    await page.goto(`${site.url}${path}?q=1#use`);
    assert.equal(await page.evaluate(() => location.pathname + location.search + location.hash), '/docs/guides/first/?q=1#use', path);
  }
  await context.close();
});

test('a page fetch that fails with a server error falls back to a full page load', async () => {
  const context = await browser.newContext();
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
  const page = await context.newPage();
  await page.goto(`${site.url}/docs/guides/first/`);
  await setMarker(page);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  await page.waitForSelector('h1:text("Second guide")');
  assert.ok(failed >= 1);
  assert.equal(await marker(page), undefined, 'a full load replaced the window');
  await context.close();
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
  await page.waitForSelector('h1:text("About")');
  assert.ok(page.url().endsWith('/about/'));

  await page.route('**/docs/changes/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>x</title><p>Not a page of this site</p>' }));
  await page.goto(`${site.url}/docs/guides/first/`);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Changes' }).click();
  await page.waitForSelector('h1:text("This page crashed.")');
  assert.ok(await page.getByRole('button', { name: 'Try again' }).isVisible());
  await page.context().close();
});

test('image zoom opens on click after a client-side navigation', async () => {
  const page = await open('/docs/guides/first/');
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  await page.waitForTimeout(1100);
  await page.locator('.markdown img').click();
  await page.waitForSelector('.medium-zoom-overlay');
  assert.ok(await page.locator('.medium-zoom-image--opened').count() >= 1);
  await page.context().close();
});

test('the table of contents highlights the heading being read, and the last one at the bottom', async () => {
  const page = await open('/docs/guides/first/', { height: 600 });
  const active = () => page.locator('.toc-desktop .toc__link--active').allTextContents();
  await page.evaluate(() => window.scrollTo(0, (document.getElementById('details')?.offsetTop ?? 0) - 80));
  await page.waitForFunction(() => document.querySelector('.toc-desktop .toc__link--active')?.textContent === 'Details');
  assert.deepEqual(await active(), ['Details']);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => document.querySelector('.toc-desktop .toc__link--active')?.textContent === 'Reference');
  await page.context().close();
});

test('code: the copy button copies and says "Copied"; the chosen tab is synced and remembered', async () => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
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
  assert.equal(await page.locator('.code-tabs').first().getByRole('tab', { selected: true }).textContent(), 'Python', 'remembered');
  await context.close();
});

test('no request leaves the site without an analytics id', async () => {
  const page = await open('/docs/guides/first/');
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.reload();
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  await page.waitForTimeout(300);
  assert.deepEqual([...hosts], [new URL(site.url).host]);
  await page.context().close();
});

test('with an analytics id, a page view is sent on first load and on each client-side navigation', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('navbar:\n', 'analyticsId: G-TEST123\nnavbar:\n');
  const { outDir: trackedOut } = await buildInto(fixtureWith({ 'content/site.yml': config }));
  const tracked = await serve(trackedOut);
  const context = await browser.newContext();
  const loaded: string[] = [];
  // The provider's tag is answered locally: no request leaves this machine.
  await context.route(/^https:\/\/www\.googletagmanager\.com\//, (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  const page = await context.newPage();
  await page.goto(`${tracked.url}/docs/guides/first/`);
  const views = () => page.evaluate(() =>
    ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
      .map((args) => Array.from(args))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => (args[2] as { page_path: string }).page_path));
  assert.deepEqual(await views(), ['/docs/guides/first/']);
  assert.equal(loaded.length, 1);
  assert.match(loaded[0] ?? '', /id=G-TEST123/);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'Second guide' }).click();
  await page.waitForURL('**/docs/guides/second/');
  assert.deepEqual(await views(), ['/docs/guides/first/', '/docs/guides/second/']);
  await context.close();
  await tracked.close();
});

test('a page served outside the configured base URL shows the base-URL banner', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('baseUrl: /', 'baseUrl: /sub/');
  const { outDir: subOut } = await buildInto(fixtureWith({ 'content/site.yml': config }));
  const wrong = await serve(subOut);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${wrong.url}/docs/guides/first/`);
  const banner = page.locator('#base-url-banner');
  assert.ok(await banner.isVisible());
  assert.match(await banner.textContent() ?? '', /did not load properly[\s\S]*baseUrl = \/sub\/[\s\S]*We suggest trying baseUrl = \/docs\/guides\/first\//);
  await page.context().close();
  await wrong.close();
  // Served where it belongs, no banner.
  const right = await open('/docs/guides/first/');
  assert.equal(await right.locator('#base-url-banner').count(), 0);
  await right.context().close();
});
