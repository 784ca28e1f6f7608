// The real site as a reader on a laptop meets it: an endpoint page shows its parameters and request
// samples side by side in a 1280 × 800 window, the samples staying in view while the parameters
// scroll; a page far down the sidebar opens with its own link in view there; and every endpoint
// page says what its operation does once.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import type { Page } from 'playwright-core';
import { siteInChromium } from '../helpers/browser.ts';
import { ROOT } from '../helpers/site.ts';

const live = siteInChromium(ROOT);
const LAPTOP = { width: 1280, height: 800 };

/** The page once the client script has started on it (its context is closed after the test). */
const open = (path: string, viewport = LAPTOP): Promise<Page> => live.open(path, viewport);

test('at 1280 × 800 the first request sample of Create a tune is on the first screen, beside its parameter table, and stays in view while the parameters scroll', async () => {
  const page = await open('/docs/api/tune/create/');
  try {
    const sample = page.locator('.api-operation__samples pre').first();
    const table = page.locator('.api-operation__doc .table-scroll').first();
    const [sampleBox, tableBox] = [await sample.boundingBox(), await table.boundingBox()];
    assert.ok(sampleBox && tableBox);
    assert.ok(sampleBox.y >= 0 && sampleBox.y < LAPTOP.height, `the first sample's top edge (${sampleBox.y} px) is on the first screen`);
    assert.ok(sampleBox.x >= tableBox.x + tableBox.width, 'the sample is to the right of the parameter table');
    assert.ok(sampleBox.y < tableBox.y + tableBox.height && tableBox.y < sampleBox.y + sampleBox.height, 'and at the same height');
    // Half-way down the parameters, the samples are still in view.
    await page.evaluate((y) => window.scrollTo(0, y), tableBox.y + tableBox.height / 2);
    const samples = await page.locator('.api-operation__samples').boundingBox();
    assert.ok(samples && samples.y >= 0 && samples.y < LAPTOP.height / 4, `the samples column sticks near the top (${samples?.y} px)`);
  } finally {
    await page.close();
  }
});

test('a page whose sidebar link starts below the fold opens with the link in view in the sidebar, the window not scrolled', async () => {
  const page = await open('/docs/api/tune/create/');
  try {
    const link = page.locator('.docs-sidebar [aria-current="page"]');
    const belowTheFold = await link.evaluate((element) => {
      const column = element.closest('.docs-sidebar') as HTMLElement;
      return element.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop > column.clientHeight;
    });
    assert.ok(belowTheFold, 'the link starts below the fold of the sidebar');
    await page.waitForFunction(() => {
      const element = document.querySelector('.docs-sidebar [aria-current="page"]');
      const column = document.querySelector('.docs-sidebar');
      if (!element || !column) return false;
      const [at, box] = [element.getBoundingClientRect(), column.getBoundingClientRect()];
      return at.top >= box.top && at.bottom <= box.bottom;
    });
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the window did not scroll');
  } finally {
    await page.close();
  }
});

/** Every built page that shows an API operation block, as its route. */
function endpointRoutes(): string[] {
  const docs = join(live.outDir, 'docs');
  return readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`${sep}index.html`) && readFileSync(join(docs, file), 'utf8').includes('class="api-operation"'))
    .map((file) => `/docs/${file.slice(0, -'index.html'.length).split(sep).join('/')}`)
    .sort();
}

test('every endpoint page says what its operation does once: its own introduction, not the description of openapi.yaml again', async () => {
  const api = load(readFileSync(join(ROOT, 'content/api/openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; description?: string }>> };
  const descriptions = new Map(Object.values(api.paths).flatMap((item) => Object.values(item))
    .filter((operation) => operation.operationId && operation.description)
    .map((operation) => [operation.operationId, operation.description?.split('`')[0]?.trim() ?? '']));
  const routes = endpointRoutes();
  assert.ok(routes.length >= 16, `${routes.length} endpoint pages`);
  const page = await live.browser.newPage({ viewport: LAPTOP });
  try {
    for (const route of routes) {
      await page.goto(`${live.url}${route}`);
      const ids = await page.locator('.api-operation').evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-operation-id') ?? ''));
      const text = await page.locator('.markdown').innerText();
      const twin = await (await page.request.get(`${live.url}${route}index.md`)).text();
      assert.ok(await page.locator('.markdown p').first().evaluate((p) => !p.closest('.api-operation')), `${route} opens with its own introduction`);
      for (const id of ids) {
        const opening = descriptions.get(id);
        assert.ok(opening && opening.length > 20, `${id} has a description`);
        assert.ok(!text.includes(opening), `${route} does not repeat the description of ${id}: "${opening}"`);
        assert.ok(!twin.includes(opening), `nor does its markdown twin`);
      }
    }
  } finally {
    await page.close();
  }
});
