// Accessibility gate: axe-core finds no WCAG 2.1 A/AA violation on any page of the real site, in
// light and dark mode, at desktop width and at 400 px with the mobile menu open; and the keyboard
// reaches every control, each visibly focused. The rule-breaker fixture proves the gate can fail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { ColorMode } from '../../common/constants.ts';
import { axeViolations, inParallel, siteRoutes, WHOLE_SITE } from '../helpers/audit.ts';
import { siteInChromium } from '../helpers/browser.ts';
import { buildQualityBad, ROOT, RULE_BREAKER_ROUTE } from '../helpers/site.ts';

const live = siteInChromium(ROOT);

const MODES = [
  { name: 'light mode at 1280 px', colorMode: 'light', width: 1280 },
  { name: 'dark mode at 1280 px', colorMode: 'dark', width: 1280 },
  { name: 'dark mode at 400 px with the menu open', colorMode: 'dark', width: 400 },
  { name: 'light mode at 400 px with the menu open', colorMode: 'light', width: 400 },
] as const satisfies readonly { name: string; colorMode: ColorMode; width: number }[];

/**
 * Audits each page in the four modes with one load: the colour mode is switched the way the
 * toggle does it (data-theme on <html>), the width by resizing, and at phone width the menu is
 * opened by its button. Two pages work in parallel. Returns the violations by mode.
 */
async function auditAll(baseUrl: string, paths: string[]): Promise<Map<string, string[]>> {
  const contexts = await Promise.all([0, 1].map(() => live.context({ viewport: { width: 1280, height: 900 }, bypassCSP: true })));
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  const problems = new Map<string, string[]>(MODES.map((mode) => [mode.name, []]));
  await inParallel(paths, pages.length, async (path, worker) => {
    const page = pages[worker] as Page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}${path}`);
    for (const mode of MODES) {
      await page.evaluate((colorMode) => document.documentElement.setAttribute('data-theme', colorMode), mode.colorMode);
      if (mode.width !== page.viewportSize()?.width) {
        await page.setViewportSize({ width: mode.width, height: 900 });
        await page.getByLabel('Toggle navigation bar').click();
        await page.locator('.mobile-menu__panel').waitFor({ state: 'visible' });
      }
      problems.get(mode.name)?.push(...(await axeViolations(page)).map((line) => `${path} ${line}`));
    }
  });
  return problems;
}

test('axe finds no WCAG 2.1 A/AA violation on any page, in light and dark mode, at 1280 px and at 400 px with the menu open', WHOLE_SITE, async () => {
  const routes = siteRoutes(live.outDir);
  const problems = await auditAll(live.url, routes);
  for (const [mode, lines] of problems) console.log(`axe: ${routes.length} pages checked, ${mode}: ${lines.length} violations`);
  assert.ok(routes.length > 100, `only ${routes.length} pages were found`);
  assert.deepEqual([...problems.values()].flat().sort(), []);
});

test('the axe gate fails on a page that breaks the rules', async () => {
  const { outDir } = await buildQualityBad();
  const problems = (await auditAll(await live.serve(outDir), [RULE_BREAKER_ROUTE])).get(MODES[0].name) ?? [];
  const rules = new Set(problems.map((line) => line.split(' ')[1]));
  assert.ok(rules.has('image-alt:'), problems.join('\n'));
  assert.ok(rules.has('color-contrast:'), problems.join('\n'));
});

/** Marks every element that should take keyboard focus, in document order. */
function markTabbable(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const tabbable = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) =>
      element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[inert]') &&
      // Skip the links inside a closed <details> and anything not rendered; the skip link is
      // rendered off-screen until it is focused.
      (element.classList.contains('skip-link') || element.checkVisibility({ visibilityProperty: true })));
    tabbable.forEach((element, index) => element.setAttribute('data-tab-stop', String(index)));
    return tabbable.length;
  });
}

interface TabStop {
  index: string | null;
  name: string;
  visible: boolean;
  indicator: boolean;
}

/** Presses Tab until focus comes back round, recording each focused element as the reader sees it. */
async function tabThrough(page: Page, limit: number): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((): TabStop | null => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // Judge the focused state, not a fade that is still running towards it.
      for (const animation of document.getAnimations()) animation.finish();
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const inView = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
      return {
        index: element.getAttribute('data-tab-stop'),
        name: `${element.tagName.toLowerCase()}.${element.className} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
        visible: inView && element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        indicator: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none',
      };
    });
    if (!stop || (stops.length > 0 && stop.index === stops[0]?.index)) break;
    stops.push(stop);
  }
  return stops;
}

async function assertKeyboardReachesEverything(path: string, width: number, openMenu: boolean): Promise<void> {
  const page = await live.open(path, { width });
  if (openMenu) {
    await page.getByLabel('Toggle navigation bar').focus();
    await page.keyboard.press('Enter');
    // The menu moves focus to the current page's link when it has opened (its toggle event).
    await page.waitForFunction(() => document.activeElement?.closest('.mobile-menu__panel') !== null);
  }
  const expected = await markTabbable(page);
  const stops = await tabThrough(page, expected + 20);
  const label = `${path} at ${width} px${openMenu ? ' (menu open)' : ''}`;
  assert.ok(stops.length > 10, `${label}: only ${stops.length} elements took focus`);
  assert.deepEqual(stops.filter((stop) => !stop.visible).map((stop) => stop.name), [], `${label}: focused but not visible`);
  assert.deepEqual(stops.filter((stop) => !stop.indicator).map((stop) => stop.name), [], `${label}: no focus indicator`);
  const reached = [...new Set(stops.map((stop) => stop.index))].filter((index): index is string => index !== null);
  // With the menu open, focus is trapped in it: everything in the menu and nothing else is reached.
  // (No named helper functions inside evaluate: the test runner's transform would rename them.)
  const { missed, outside } = await page.evaluate(([seen, menuOnly]) => {
    const marked = [...document.querySelectorAll<HTMLElement>('[data-tab-stop]')].map((element) => ({
      name: `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      inMenu: element.closest('.mobile-menu') !== null,
      seen: seen.includes(element.getAttribute('data-tab-stop') ?? ''),
    }));
    return {
      missed: marked.filter((element) => !element.seen && (element.inMenu || !menuOnly)).map((element) => element.name),
      outside: marked.filter((element) => element.seen && !element.inMenu && menuOnly).map((element) => element.name),
    };
  }, [reached, openMenu] as const);
  assert.deepEqual(missed, [], `${label}: never reached by Tab (reached in order: ${stops.map((stop) => stop.name).join(', ')})`);
  assert.deepEqual(outside, [], `${label}: focus left the open menu`);
}

for (const path of ['/docs/api/overview/', '/', '/docs/api/tune/create/', '/docs/tags/']) {
  test(`the keyboard reaches every control of ${path}, each visibly focused`, async () => {
    await assertKeyboardReachesEverything(path, 1280, false);
  });
}

test('at 400 px the open mobile menu keeps focus inside and every item in it is reachable', async () => {
  await assertKeyboardReachesEverything('/docs/features/lora/', 400, true);
});
