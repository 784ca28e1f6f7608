// Search in Chromium on the real site: lazy loading, results as you type, keyboard, the search
// page, shortcuts, the mobile menu and markup that must stay text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/site.ts';
import { ready, requestsReported, routeShown, siteInChromium } from '../helpers/browser.ts';

const live = siteInChromium(ROOT);

interface Opened {
  page: Page;
  /** Paths of every search file the page requested so far. */
  searchRequests: string[];
  dialogs: string[];
}

async function open(path: string, width = 1280): Promise<Opened> {
  const context = await live.context({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const searchRequests: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/search/') || /\/assets\/js\/search\./.test(pathname)) searchRequests.push(pathname);
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${live.url}${path}`);
  await ready(page);
  return { page, searchRequests, dialogs };
}

const navbarInput = (page: Page) => page.locator('#search-navbar');
const resultUrls = (page: Page) => page.locator('#search-navbar-results [role="option"]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''));

async function typeQuery(page: Page, query: string): Promise<string[]> {
  await navbarInput(page).fill(query);
  // The list says which query it answers; wait for this one's results, not the previous query's.
  await page.waitForFunction((q) => {
    const popup = document.querySelector<HTMLElement>('.search-form--navbar .search-popup');
    return popup && !popup.hidden && popup.dataset.query === q;
  }, query);
  return resultUrls(page);
}

test('nothing of search loads until the box is focused; focusing loads the code and the index', async () => {
  const { page, searchRequests } = await open('/docs/features/lora/');
  await page.mouse.wheel(0, 2000);
  await page.waitForFunction(() => window.scrollY > 0);
  await requestsReported(page);
  assert.equal(searchRequests.length, 0, `no search download before use: ${searchRequests.join(', ')}`);
  await navbarInput(page).focus();
  await page.waitForFunction(() => document.querySelector<HTMLFormElement>('.search-form--navbar')?.dataset.searchMounted === 'true');
  assert.ok(searchRequests.some((path) => path.startsWith('/assets/js/search.')), 'the search module');
  await typeQuery(page, 'lora');
  assert.ok(searchRequests.some((path) => /\/assets\/search\/search-index\.[0-9a-f]{10}\.json$/.test(path)), `the hashed index: ${searchRequests.join(', ')}`);
});

test('results as you type: the expected page or section within the first three', async () => {
  const { page } = await open('/docs/');
  const expectations: [string, string][] = [
    ['lora', '/docs/features/lora/'],
    ['outpainting', '/docs/features/outpainting/'],
    ['webhook', '#callbacks'],
    ['callback', '#callbacks'],
    ['delete tune', '/docs/api/tune/delete/'],
  ];
  for (const [query, expected] of expectations) {
    const urls = await typeQuery(page, query);
    assert.ok(urls.slice(0, 3).some((url) => url.includes(expected)), `${query}: ${urls.join(', ')}`);
  }
  // Each result shows its page title and, for a section, the heading; matched words are marked.
  await typeQuery(page, 'lora strength');
  const first = page.locator('#search-navbar-results [role="option"]').first();
  assert.ok((await first.locator('.search-hit__title').textContent())?.length);
  assert.ok(await page.locator('#search-navbar-results mark').count() > 0, 'matched words are highlighted');
});

test('keyboard: arrows move, Enter opens the section through client-side navigation, Escape closes', async () => {
  const { page } = await open('/docs/changes/');
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 7));
  await page.keyboard.press('Control+k');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-navbar');
  const urls = await typeQuery(page, 'choosing the strength');
  assert.equal(urls[0], '/docs/features/lora/#choosing-the-strength', urls.join(', '));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const active = await navbarInput(page).getAttribute('aria-activedescendant');
  assert.equal(await page.locator(`#${active ?? 'none'}`).getAttribute('aria-selected'), 'true');
  assert.equal(await page.locator(`#${active ?? 'none'}`).getAttribute('href'), urls[0]);
  await page.keyboard.press('Enter');
  await routeShown(page, '/docs/features/lora/');
  assert.equal(new URL(page.url()).hash, '#choosing-the-strength');
  assert.ok((await page.title()).startsWith('LoRA'));
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 7, 'no full page load');
  const top = await page.locator('#choosing-the-strength').evaluate((heading) => heading.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 300, `the section is at the top of the window (${top})`);
  assert.equal(await page.locator('.search-form--navbar .search-popup').isHidden(), true, 'the list closed');

  await page.keyboard.press('/');
  await typeQuery(page, 'outpainting');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.search-form--navbar .search-popup').isHidden(), true);
  assert.equal(await navbarInput(page).inputValue(), 'outpainting', 'the first Escape only closes the list');
  await page.keyboard.press('Escape');
  assert.equal(await navbarInput(page).inputValue(), '');
});

test('the search page reads ?q= and lists results; Enter in the box opens it; no results suggests the categories', async () => {
  const { page } = await open('/search/?q=inpainting');
  await page.waitForSelector('.search-page__results li');
  assert.equal(await page.locator('h1').textContent(), 'Search results for "inpainting"');
  assert.match((await page.locator('.search-page__count').textContent()) ?? '', /^\d+ documents found$/);
  assert.ok(await page.locator('.search-page__results li').count() >= 3);
  assert.equal(await page.locator('#search-page-input').inputValue(), 'inpainting');

  await page.locator('#search-page-input').fill('zzqxv');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.search-page__count')?.textContent === 'No documents were found');
  assert.equal(new URL(page.url()).search, '?q=zzqxv', 'the address follows the query');
  assert.equal(await page.locator('.search-page__empty').isVisible(), true);
  assert.match((await page.locator('.search-page__empty').textContent()) ?? '', /Check the spelling/);
  assert.ok(await page.locator('.search-page__empty a[href="/docs/category/features/"]').count() === 1, 'links to the categories');

  await page.keyboard.press('Control+k');
  await navbarInput(page).fill('outpainting');
  await page.waitForSelector('#search-navbar-results [role="option"]');
  await page.keyboard.press('Enter');
  await routeShown(page, '/search/?q=outpainting');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Search results for "outpainting"');
  await page.waitForSelector('.search-page__results a[href="/docs/features/outpainting/"]');
});

test('markup in a query shows as text and never runs', async () => {
  const attack = '<img src=x onerror=alert(1)>';
  const { page, dialogs } = await open(`/search/?q=${encodeURIComponent(attack)}`);
  await page.waitForFunction(() => (document.querySelector('.search-page__count')?.textContent ?? '') !== '');
  assert.equal(await page.locator('h1').textContent(), `Search results for "${attack}"`);
  assert.equal(await page.locator('main img').count(), 0);
  await typeQuery(page, attack);
  assert.equal(await page.locator('.search-popup img').count(), 0);
  assert.deepEqual(dialogs, []);
  // Odd queries: one letter, punctuation only — an answer, no error.
  for (const query of ['x', '?!', '.']) await typeQuery(page, query);
  assert.equal(await page.locator('.search-form--navbar .search-popup__status').textContent(), 'No results');
});

test('at 400 px the shortcut opens the mobile menu on its search box', async () => {
  const { page } = await open('/docs/features/lora/', 400);
  await page.keyboard.press('/');
  await page.waitForFunction(() => document.activeElement?.id === 'search-menu');
  assert.equal(await page.locator('#mobile-menu').evaluate((menu) => (menu as HTMLDetailsElement).open), true);
  await page.keyboard.type('faceid');
  await page.waitForSelector('#search-menu-results [role="option"]');
  const href = await page.locator('#search-menu-results [role="option"]').first().getAttribute('href');
  assert.match(href ?? '', /\/docs\/features\/faceid/);
});

test('at 400 px the search button in the top bar opens the search, focused, and a query shows results', async (t) => {
  const { page } = await open('/docs/features/lora/', 400);
  t.after(() => page.context().close());
  const button = page.locator('.navbar__search-button');
  assert.equal(await button.isVisible(), true, 'the button shows in the top bar');
  assert.equal(await navbarInput(page).isVisible(), false, 'the navbar box does not');
  await button.click();
  await page.waitForFunction(() => document.activeElement?.id === 'search-menu');
  assert.equal(await page.locator('#mobile-menu').evaluate((menu) => (menu as HTMLDetailsElement).open), true);
  assert.ok(page.url().endsWith('/docs/features/lora/'), `no navigation to the search page: ${page.url()}`);
  await page.keyboard.type('extend the borders of an image');
  await page.waitForSelector('#search-menu-results [role="option"]');
  assert.equal(await page.locator('#search-menu-results').isVisible(), true);
  const href = await page.locator('#search-menu-results [role="option"]').first().getAttribute('href');
  assert.match(href ?? '', /\/docs\/features\/outpainting\//);

  // Wide, the box is in the bar and the button is not.
  const wide = await open('/docs/features/lora/');
  t.after(() => wide.page.context().close());
  assert.equal(await wide.page.locator('.navbar__search-button').isVisible(), false);
});
