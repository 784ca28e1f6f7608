// An author's edit under `npm start` on screen without a page load: the open tab swaps the rebuilt
// page in place (a value set on the window survives), keeping the scroll position and the open
// mobile menu; a change to the layout around the page (here the navbar's title, from site.yml)
// reloads it instead.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ready } from '../helpers/browser.ts';
import { startDev, type DevProcess } from '../helpers/dev-process.ts';
import { fixtureWith, tempDir } from '../helpers/site.ts';

const PAGE = 'content/docs/guides/2-second.md';
let browser: Browser;
let dev: DevProcess;
let site: string;
let origin = '';

before(async () => {
  // A page long enough to scroll at 800 px, so that a kept scroll position means something.
  const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the filler that makes the page scroll.`).join('\n\n');
  // Its code block gets a copy button when the client script starts.
  site = fixtureWith({ [PAGE]: `---\ndescription: The second guide.\n---\n\n# Second guide\n\n\`\`\`bash\nls\n\`\`\`\n\n${filler}\n\n## Deep section\n\nThe end.\n` });
  dev = startDev(['--site', site, '--out', join(tempDir(), 'dist'), '--port', '0']);
  const [, address] = await dev.waitForOutput(/Serving the documentation at (http:\/\/[^/]+)\//);
  origin = address ?? '';
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await dev?.stop();
});

/** Replaces one text of a site file by another (which must be there); returns the undo. */
function edit(path: string, from: string, to: string): () => void {
  const file = join(site, path);
  const original = readFileSync(file, 'utf8');
  assert.ok(original.includes(from), `${path} holds "${from}"`);
  writeFileSync(file, original.replace(from, to));
  return () => writeFileSync(file, original);
}

/** Marks the window: a page load makes a new one without the mark. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** The client script has started (its readiness signal), so the page can take a rebuilt version. */
const started = (page: Page) => ready(page);

test('an edit to the page on screen is swapped in without a page load, at the same scroll position', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${origin}/docs/guides/second/`);
    await started(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY === 900);
    await mark(page);
    const undo = edit(PAGE, 'Paragraph 3 of the filler', 'Paragraph 3, edited while the page is open, of the filler');
    try {
      await page.getByText('Paragraph 3, edited while the page is open').waitFor({ state: 'attached', timeout: 20000 });
      assert.equal(await notReloaded(page), true, 'the page was swapped in, not loaded again');
      assert.equal(await page.evaluate(() => window.scrollY), 900, 'the scroll position is kept');
      // The swapped-in page works: its behaviours started again (the table of contents follows the reading).
      assert.equal(await page.locator('.toc-desktop .toc__link').count(), 1);
    } finally {
      undo();
    }
    await page.getByText('Paragraph 3 of the filler').waitFor({ state: 'attached', timeout: 20000 });
    assert.equal(await notReloaded(page), true);
  } finally {
    await page.close();
  }
});

test('the open mobile menu stays open while the page under it is swapped', async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  try {
    await page.goto(`${origin}/docs/guides/second/`);
    await started(page);
    await page.locator('.mobile-menu > summary').click();
    await page.locator('.mobile-menu__panel .sidebar').waitFor();
    await mark(page);
    const undo = edit(PAGE, 'The end.', 'The end, edited with the menu open.');
    try {
      await page.getByText('The end, edited with the menu open.').waitFor({ state: 'attached', timeout: 20000 });
      assert.equal(await notReloaded(page), true, 'the page was swapped in, not loaded again');
      assert.equal(await page.locator('.mobile-menu').evaluate((menu) => (menu as HTMLDetailsElement).open), true, 'the menu is still open');
    } finally {
      undo();
    }
    await page.getByText('The end.', { exact: true }).waitFor({ state: 'attached', timeout: 20000 });
  } finally {
    await page.close();
  }
});

test('a change to the layout around the page (the navbar) reloads the page', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${origin}/docs/guides/second/`);
    await started(page);
    await mark(page);
    const navbarTitle = await page.locator('.navbar__title').innerText();
    assert.ok(navbarTitle, 'the navbar shows the site title');
    const undo = edit('content/site.yml', `title: ${navbarTitle}`, `title: ${navbarTitle} renamed`);
    try {
      await page.locator('.navbar__title', { hasText: 'renamed' }).waitFor({ timeout: 20000 });
      assert.equal(await notReloaded(page), false, 'the page was loaded again');
    } finally {
      undo();
    }
  } finally {
    await page.close();
  }
});
