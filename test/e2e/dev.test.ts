// `npm start` as an author uses it: save a page and the open tab shows it; save a mistake and the
// tab shows the build error with file and line; fix it and the error goes away by itself. A
// stylesheet change applies without a reload; a change to a component or to lib/ takes effect
// without restarting `npm start`. The dev server runs a copy of the generator, which the test edits.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ready } from '../helpers/browser.ts';
import { startDev, type DevProcess } from '../helpers/dev-process.ts';
import { fixtureWith, generatorCopy, tempDir } from '../helpers/site.ts';

let browser: Browser;
let dev: DevProcess;
let url: string;
let site: string;
let generator: string;
let out: string;
let pages: Page[] = [];

/** Each test waits for rebuilds, some for a new build worker: more than the default limit on a busy machine. */
const REBUILDS = { timeout: 120_000 };

before(async () => {
  site = fixtureWith();
  generator = generatorCopy();
  out = tempDir();
  dev = startDev(['--site', site, '--out', join(out, 'dist'), '--port', '0'], { generator });
  [, url = ''] = await dev.waitForOutput(/Serving the documentation at (http:\/\/\S+\/) /);
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const page of pages) await page.close();
  pages = [];
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  for (const dir of [site, generator, out]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Edits a file: replaces one text by another (which must be there). */
function edit(path: string, from: string, to: string): () => void {
  const original = readFileSync(path, 'utf8');
  assert.ok(original.includes(from), `${path} holds "${from}"`);
  writeFileSync(path, original.replace(from, to));
  return () => writeFileSync(path, original);
}

async function openPage(path: string): Promise<Page> {
  const page = await browser.newPage();
  pages.push(page);
  // A rebuild that starts a new build worker takes a while on a busy machine; the test's limit bounds it.
  page.setDefaultTimeout(60_000);
  await page.goto(`${url}${path.slice(1)}`);
  await ready(page);
  return page;
}

/** Runs a test step; when it fails, the dev server's output goes with the error. */
async function withOutput(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- dev server output ---\n${dev.output()}`);
  }
}

test('saving a page shows the change in the open tab; a broken link shows an overlay until it is fixed', REBUILDS, () => withOutput(async () => {
  const page = await openPage('/docs/guides/second/');
  assert.equal(await page.locator('.markdown h1').textContent(), 'Second guide');
  const file = join(site, 'content/docs/guides/2-second.md');
  const original = readFileSync(file, 'utf8');
  try {
    const mark = dev.output().length;
    writeFileSync(file, original.replace('## Deep section', '## Deep section\n\nA sentence added while the page is open.'));
    await page.waitForSelector('p:text("A sentence added while the page is open.")');
    // Only what the change affects is rendered again: this page, not the others.
    const [rendered] = await dev.waitForOutput(/Rendered \d+ of \d+ pages anew \(markdown of \d+ of \d+ docs\)/, mark);
    assert.match(rendered, /Rendered 1 of \d+ pages anew \(markdown of 1 of \d+ docs\)/);

    writeFileSync(file, original.replace('# Second guide', '# Second guide, revised'));
    await page.waitForSelector('h1:text("Second guide, revised")');

    writeFileSync(file, `${original}\nSee [nowhere](/docs/nowhere/).\n`);
    const overlay = page.getByRole('alert');
    await overlay.waitFor();
    assert.match(await overlay.textContent() ?? '', /content\/docs\/guides\/2-second\.md:\d+: Broken link to "\/docs\/nowhere\/"/);
  } finally {
    writeFileSync(file, original);
  }
  await page.waitForSelector('h1:text-is("Second guide")');
  assert.equal(await page.getByRole('alert').count(), 0);
}));

test('a stylesheet change applies in the open tab without a reload', REBUILDS, async () => {
  const page = await openPage('/docs/guides/first/');
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const heading = page.locator('.markdown h1');
  const before = await heading.evaluate((element) => getComputedStyle(element).letterSpacing);
  const restore = edit(join(generator, 'assets/css/main.css'), '@import', '.markdown h1 { letter-spacing: 7px; }\n@import');
  try {
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.markdown h1') as Element).letterSpacing === '7px');
    assert.notEqual(before, '7px');
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
  } finally {
    restore();
  }
  await page.waitForFunction((spacing) => getComputedStyle(document.querySelector('.markdown h1') as Element).letterSpacing === spacing, before);
});

test('a component change shows without restarting; a syntax error in lib/ shows an overlay until it is fixed', REBUILDS, async () => {
  const page = await openPage('/docs/guides/first/');
  const restoreFooter = edit(join(generator, 'components/Footer.tsx'), '<p className="footer__copyright">{config.footer.copyright}</p>',
    '<p className="footer__copyright">{config.footer.copyright} Edited while running.</p>');
  try {
    await page.waitForSelector('.footer__copyright:text("Edited while running.")');
  } finally {
    restoreFooter();
  }
  await page.waitForSelector('.footer__copyright:text-is("Copyright © 2025 Fixture.")');

  const restoreLib = edit(join(generator, 'lib/assemble/sitemap.ts'), 'export function', 'export function function');
  const overlay = page.getByRole('alert');
  try {
    await overlay.waitFor();
    assert.match(await overlay.textContent() ?? '', /lib\/assemble\/sitemap\.ts:\d+/);
  } finally {
    restoreLib();
  }
  await overlay.waitFor({ state: 'detached' });
});
