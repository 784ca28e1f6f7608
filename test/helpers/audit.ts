// Shared by the browser gates: the routes of a built site, and axe-core run inside a page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { htmlFiles } from './html-rules.ts';

/** Every page of a built site as the address a reader opens (the 404 page under an unknown path). */
export function siteRoutes(dir: string): string[] {
  return htmlFiles(dir).map((file) => {
    if (file === '404.html') return '/this-page-does-not-exist/';
    return `/${file.replace(/index\.html$/, '')}`;
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The WCAG 2.0 and 2.1 rules of levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the open page; returns one line per violation and element ("rule: selector"). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Content below the first screen is laid out only when it comes near (content-visibility: auto),
  // and axe cannot judge the contrast of what is not laid out: render all of it, as a reader
  // scrolling through would see it.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('.markdown__body > *')) element.style.contentVisibility = 'visible';
  });
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy does not apply.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    // The global that axe.min.js defines; typed here by what is used of it.
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }, WCAG_TAGS);
}

/**
 * The time limit of a test that goes through every page of the real site (113 pages; the axe audit
 * of all of them took 7 minutes on the busy 2-core machine). Each page has ITEM_LIMIT_MS of it, so
 * a page that hangs still fails within a minute, with its name.
 */
export const WHOLE_SITE = { timeout: 20 * 60_000 };
const ITEM_LIMIT_MS = 60_000;

/** `work`, or an error naming `item` when it has not finished within ITEM_LIMIT_MS. */
async function withinLimit(work: Promise<void>, item: unknown): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${String(item)}: not done within ${ITEM_LIMIT_MS / 1000} s`)), ITEM_LIMIT_MS);
  });
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Splits work between a few workers that each take the next item (pages of one browser in
 * parallel); each item has ITEM_LIMIT_MS.
 */
export async function inParallel<T>(items: T[], workers: number, work: (item: T, worker: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    while (next < items.length) {
      const item = items[next++] as T;
      await withinLimit(work(item, worker), item);
    }
  }));
}
