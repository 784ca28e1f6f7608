// Reading without JavaScript: every page of the real site shows its content, docs sidebar, table of
// contents and footer in light mode, links navigate, and at 400 px the <details> menu still opens
// and leads to other pages.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inParallel, siteRoutes, WHOLE_SITE } from '../helpers/audit.ts';
import { siteInChromium } from '../helpers/browser.ts';
import { ROOT } from '../helpers/site.ts';

const live = siteInChromium(ROOT);

const noScript = (width: number) => live.context({ javaScriptEnabled: false, viewport: { width, height: 900 } });

interface Seen {
  h1: boolean;
  footer: boolean;
  sidebar: boolean;
  toc: boolean;
  theme: string | null;
  background: string;
}

test('without JavaScript every page shows its content, sidebar, table of contents and footer, in light mode', WHOLE_SITE, async () => {
  const { outDir, url } = live;
  const routes = siteRoutes(outDir);
  const contexts = await Promise.all([noScript(1280), noScript(1280)]);
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  const problems: string[] = [];
  await inParallel(routes, pages.length, async (route, worker) => {
    const page = pages[worker] as Page;
    await page.goto(`${url}${route}`);
    const file = route.startsWith('/this-page') ? '404.html' : join(route.slice(1), 'index.html');
    const html = readFileSync(join(outDir, file), 'utf8');
    // (No named helpers inside evaluate: the test runner's transform would rename them.)
    const seen = await page.evaluate((): Seen => {
      const [h1, footer, sidebar] = ['main h1', 'footer.footer', '.docs-sidebar nav']
        .map((selector) => document.querySelector(selector)?.checkVisibility() ?? false);
      // The column, or (on endpoint pages below 1,480 px) the "On this page" menu above the content.
      const toc = [...document.querySelectorAll('.toc-desktop, .toc-mobile')].some((element) => element.checkVisibility());
      return {
        h1: h1 === true, footer: footer === true, sidebar: sidebar === true, toc,
        theme: document.documentElement.getAttribute('data-theme'), background: getComputedStyle(document.body).backgroundColor,
      };
    });
    const expect = (ok: boolean, what: string) => ok || problems.push(`${route}: ${what}`);
    expect(seen.h1, 'no visible <h1> in <main>');
    expect(seen.footer, 'no visible footer');
    if (html.includes('class="docs-sidebar"')) expect(seen.sidebar, 'docs sidebar not shown');
    if (html.includes('class="toc-desktop"')) expect(seen.toc, 'table of contents not shown');
    expect(seen.theme === 'light', `colour mode ${seen.theme}`);
    expect(seen.background === 'rgb(255, 255, 255)', `background ${seen.background}`);
  });
  console.log(`no-JS: ${routes.length} pages read without JavaScript, ${problems.length} problems`);
  assert.ok(routes.length > 100);
  assert.deepEqual(problems, []);
});

test('without JavaScript, sidebar, table-of-contents and in-text links navigate', async () => {
  const context = await noScript(1280);
  const page = await context.newPage();
  await page.goto(`${live.url}/docs/api/overview/`);
  await page.locator('.docs-sidebar').getByRole('link', { name: 'LoRA', exact: true }).click();
  await page.waitForURL('**/docs/features/lora/');
  assert.equal(await page.locator('main h1').textContent(), 'LoRA');
  const first = page.locator('.toc-desktop a').first();
  const anchor = (await first.getAttribute('href')) ?? '';
  await first.click();
  await page.waitForURL(`**/docs/features/lora/${anchor}`);
  const top = await page.locator(anchor).evaluate((element) => element.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 200, `the heading is in view (top ${top})`);
  await page.locator('main .markdown a[href^="/docs/"]').first().click();
  await page.waitForURL((url) => !url.pathname.endsWith('/docs/features/lora/'));
  assert.ok(await page.locator('main h1').isVisible());
});

test('without JavaScript at 400 px, the menu opens, leads to the sidebar after the content, and its links lead to other pages', async () => {
  const context = await noScript(400);
  const page = await context.newPage();
  await page.goto(`${live.url}/docs/features/lora/`);
  // The sidebar follows the content (it cannot move into the menu without JavaScript).
  const [mainBottom, sidebarTop] = await page.evaluate(() => [
    document.querySelector('main')?.getBoundingClientRect().bottom ?? 0,
    document.querySelector('.docs-sidebar')?.getBoundingClientRect().top ?? -1,
  ]);
  assert.ok(sidebarTop >= mainBottom, `sidebar (top ${sidebarTop}) after the content (bottom ${mainBottom})`);
  // All of it, not a box of its own that clips the list.
  const [scrollHeight, clientHeight] = await page.locator('.docs-sidebar').evaluate((el) => [el.scrollHeight, el.clientHeight]);
  assert.ok(scrollHeight <= clientHeight + 1, `the whole sidebar shows (${clientHeight} of ${scrollHeight} px)`);
  await page.getByLabel('Toggle navigation bar').click();
  const panel = page.locator('.mobile-menu__panel');
  assert.ok(await panel.isVisible());
  await panel.getByRole('link', { name: 'Docs pages' }).click();
  await page.waitForURL('**/docs/features/lora/#docs-sidebar');
  // The panel gives way to the sidebar it leads to.
  assert.equal(await panel.isVisible(), false);
  const sidebar = page.locator('.docs-sidebar');
  assert.ok(await sidebar.getByRole('link', { name: 'Changes', exact: true }).isVisible());
  await sidebar.getByRole('link', { name: 'Changes', exact: true }).click();
  await page.waitForURL('**/docs/changes/');
  assert.equal(await page.locator('main h1').textContent(), 'Changes');
});
