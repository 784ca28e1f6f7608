// The built fixture site in Chromium: landmarks, navigation, table of contents, tags, 404,
// the mobile breakpoint and the colour mode, as a reader meets them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { BASIC_FIXTURE } from '../helpers/site.ts';
import { ready, routeShown, siteInChromium } from '../helpers/browser.ts';

const live = siteInChromium(BASIC_FIXTURE);

async function open(path: string, width = 1280): Promise<Page> {
  const context = await live.context({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  const page = await live.open(path, { context });
  assert.deepEqual(errors, [], `errors on ${path}`);
  return page;
}

test('the skip link is the first focusable element and moves focus to the content', async () => {
  const page = await open('/docs/guides/first/');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText), 'Skip to main content');
  assert.ok(await page.locator('.skip-link').isVisible(), 'the focused skip link is visible');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
});

test('navbar, sidebar and footer carry the configured items', async () => {
  const page = await open('/docs/guides/first/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.ok(await nav.getByRole('link', { name: 'Fixture docs' }).isVisible());
  assert.deepEqual(await nav.locator('.navbar__desktop-items a').allTextContents(), ['Home', 'Blog']);
  assert.equal(await nav.locator('.navbar__desktop-items a').first().getAttribute('rel'), 'noopener noreferrer');
  const sidebar = page.locator('.docs-sidebar').getByRole('navigation', { name: 'Docs sidebar' });
  assert.ok(await sidebar.isVisible());
  assert.equal(await sidebar.locator('[aria-current="page"]').textContent(), 'First guide');
  const footer = page.locator('footer.footer');
  assert.deepEqual(await footer.locator('.footer__title').allTextContents(), ['Docs', 'More']);
  assert.match(await footer.textContent() ?? '', /Copyright © 2025 Fixture\./);
});

test('a sidebar category collapses and expands without JavaScript help', async () => {
  const page = await open('/docs/guides/first/');
  const sidebar = page.locator('.docs-sidebar');
  const second = sidebar.getByRole('link', { name: 'Second guide' });
  assert.ok(await second.isVisible());
  await sidebar.getByLabel("Toggle the collapsible sidebar category 'Guides'").click();
  assert.equal(await second.isVisible(), false);
});

test('the table of contents lists h2 and h3 only, and its links reach the headings', async () => {
  const page = await open('/docs/guides/first/');
  const toc = page.locator('.toc-desktop');
  assert.ok(await toc.isVisible());
  assert.deepEqual(await toc.locator('a').allTextContents(), ['Install', 'Details', 'Use', 'Reference']);
  await toc.getByRole('link', { name: 'Use' }).click();
  assert.ok(page.url().endsWith('#use'));
  const top = await page.locator('#use').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 50 && top < 200, `heading clears the sticky navbar (top ${top})`);
});

test('tags link from a doc to its tag page and back to all tags', async () => {
  const page = await open('/docs/guides/first/');
  await page.locator('.tag-list').getByRole('link', { name: 'LoRA' }).click();
  await routeShown(page, '/docs/tags/lo-ra/');
  assert.equal(await page.locator('h1').textContent(), '2 docs tagged with "LoRA"');
  await page.getByRole('link', { name: 'View All Tags' }).click();
  await routeShown(page, '/docs/tags/');
  assert.equal(await page.title(), 'Tags | Fixture docs');
});

test('an unknown path answers 404 with the not-found page', async () => {
  const page = await (await live.context()).newPage();
  const response = await page.goto(`${live.url}/docs/does-not-exist/`);
  assert.equal(response?.status(), 404);
  assert.equal(await page.locator('h1').textContent(), 'Page Not Found');
});

test('the menu button shows at 996 px and not at 997 px; the menu holds the items and the sidebar', async () => {
  const wide = await open('/docs/guides/first/', 997);
  assert.equal(await wide.getByLabel('Toggle navigation bar').isVisible(), false);
  assert.ok(await wide.locator('.docs-sidebar').isVisible());

  const narrow = await open('/docs/guides/first/', 996);
  const toggle = narrow.getByLabel('Toggle navigation bar');
  assert.ok(await toggle.isVisible());
  assert.equal(await narrow.locator('.docs-sidebar').isVisible(), false);
  assert.equal(await narrow.locator('.toc-desktop').isVisible(), false);
  assert.ok(await narrow.locator('.toc-mobile summary').isVisible(), '"On this page" shows above the content');
  await toggle.click();
  const panel = narrow.locator('.mobile-menu__panel');
  assert.ok(await panel.getByRole('link', { name: 'Blog' }).isVisible());
  assert.ok(await panel.getByRole('link', { name: 'Second guide' }).isVisible());
});

test('light by default; the toggle switches to dark, is remembered, and names the current mode', async () => {
  const page = await open('/docs/guides/first/');
  const html = page.locator('html');
  assert.equal(await html.getAttribute('data-theme'), 'light');
  const toggle = page.locator('[data-color-mode-toggle]');
  assert.equal(await toggle.getAttribute('aria-label'), 'Switch between dark and light mode (currently light mode)');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await toggle.click();
  assert.equal(await html.getAttribute('data-theme'), 'dark');
  assert.equal(await toggle.getAttribute('aria-label'), 'Switch between dark and light mode (currently dark mode)');
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), lightBackground);
  await page.reload();
  await ready(page);
  assert.equal(await html.getAttribute('data-theme'), 'dark');
});
