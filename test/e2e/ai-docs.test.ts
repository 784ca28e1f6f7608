// In Chromium, on the real site: "Copy page" puts the page's markdown on the clipboard (also after a
// client-side navigation), "View as markdown" opens it, and the changelog's Atom feed is XML whose
// every entry links to an anchor that exists on the changelog page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from '../helpers/site.ts';
import { routeShown, siteInChromium } from '../helpers/browser.ts';

const live = siteInChromium(ROOT);

const twin = (route: string) => readFileSync(join(live.outDir, route.slice(1), 'index.md'), 'utf8');

async function clipboardContext(): Promise<BrowserContext> {
  return live.context({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 900 } });
}

test('"Copy page" puts the page\'s markdown on the clipboard and says so', async () => {
  const page = await live.open('/docs/api/tune/create/', { context: await clipboardContext() });
  const button = page.locator('[data-copy-page]');
  assert.equal(await page.getByRole('button', { name: 'Copy page' }).count(), 1);
  await button.click();
  await page.getByRole('status').filter({ hasText: 'Page copied as markdown' }).waitFor();
  assert.equal(await button.textContent(), 'Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, twin('/docs/api/tune/create/'));
  assert.match(copied, /^# Create a tune\n/);
  await page.waitForFunction(() => document.querySelector('[data-copy-page]')?.textContent === 'Copy page');

  // After a client-side navigation the button copies the page now shown.
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
  await page.locator('.docs-sidebar a[href="/docs/api/tune/list/"]').click();
  await routeShown(page, '/docs/api/tune/list/');
  assert.ok((await page.title()).startsWith('List all tunes'));
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no full load');
  assert.equal(await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href'), '/docs/api/tune/list/index.md');
  await page.getByRole('button', { name: 'Copy page' }).click();
  await page.getByRole('status').filter({ hasText: 'Page copied as markdown' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), twin('/docs/api/tune/list/'));
});

test('"Copy page" says so when the markdown cannot be loaded', async () => {
  const page = await live.open('/docs/features/lora/', { context: await clipboardContext() });
  await page.route('**/index.md', (route) => route.abort());
  await page.locator('[data-copy-page]').click();
  await page.getByRole('status').filter({ hasText: 'Could not copy; open the markdown instead' }).waitFor();
  assert.equal(await page.locator('[data-copy-page]').textContent(), 'Copy failed');
  await page.waitForFunction(() => document.querySelector('[data-copy-page]')?.textContent === 'Copy page');
});

test('"View as markdown" opens the markdown itself (a full load, not a client-side swap)', async () => {
  const page = await live.open('/docs/features/lora/');
  const [response] = await Promise.all([page.waitForResponse(/index\.md$/), page.getByRole('link', { name: 'View as markdown' }).click()]);
  assert.match(response.headers()['content-type'] ?? '', /^text\/markdown/);
  await page.waitForURL(/\/docs\/features\/lora\/index\.md$/);
  assert.equal(await response.text(), twin('/docs/features/lora/'));
});

test('the Atom feed parses as XML and every entry links to an anchor on the changelog page', async () => {
  const page = await live.open('/docs/changes/');
  // A string, so the bundler that runs the tests adds no helper of its own to the function.
  const feed = await page.evaluate(`(async () => {
    const text = await (await fetch('/docs/changes/atom.xml')).text();
    const xml = new DOMParser().parseFromString(text, 'application/xml');
    const atom = 'http://www.w3.org/2005/Atom';
    const root = xml.documentElement;
    const child = (parent, name) => [...parent.children].find((element) => element.namespaceURI === atom && element.localName === name);
    return {
      error: xml.getElementsByTagName('parsererror').length > 0,
      root: root.namespaceURI + ' ' + root.localName,
      head: ['id', 'title', 'updated', 'author'].map((name) => Boolean(child(root, name))),
      entries: [...root.children].filter((element) => element.localName === 'entry').map((entry) => ({
        fields: ['id', 'title', 'updated'].map((name) => child(entry, name)?.textContent ?? ''),
        link: child(entry, 'link')?.getAttribute('href') ?? '',
      })),
    };
  })()`) as { error: boolean; root: string; head: boolean[]; entries: { fields: string[]; link: string }[] };
  assert.equal(feed.error, false, 'well-formed XML');
  assert.equal(feed.root, 'http://www.w3.org/2005/Atom feed');
  assert.deepEqual(feed.head, [true, true, true, true]);
  assert.ok(feed.entries.length >= 50, `${feed.entries.length} entries`);
  for (const entry of feed.entries) {
    assert.ok(entry.fields.every(Boolean), JSON.stringify(entry));
    const url = new URL(entry.link);
    assert.equal(`${url.origin}${url.pathname}`, 'https://docs.example.com/docs/changes/');
    const found = await page.evaluate((id) => {
      const target = document.getElementById(id);
      return target ? target.tagName : null;
    }, url.hash.slice(1));
    assert.equal(found, 'LI', `${url.hash} is an entry on the page`);
  }
});
