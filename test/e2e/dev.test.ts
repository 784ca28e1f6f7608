// `npm start` as an author uses it: save a page and the open tab shows it; save a mistake and the
// tab shows the build error with file and line; fix it and the error goes away by itself. A
// stylesheet change applies without a reload; a change to a component or to lib/ takes effect
// without restarting `npm start`. The dev server runs a copy of the generator, which the test edits.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { fixtureWith, generatorCopy, tempDir } from '../helpers/site.ts';

let browser: Browser;
let server: ChildProcess;
let site: string;
let generator: string;
let output = '';
const port = 3900 + Math.floor(Math.random() * 90);

before(async () => {
  site = fixtureWith();
  generator = generatorCopy();
  server = spawn(process.execPath, ['--import', 'tsx', join(generator, 'dev.ts'), '--site', site, '--out', join(tempDir(), 'dist'), '--port', String(port)], {
    cwd: generator, stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitForOutput('Serving the documentation', 20000);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

function waitForOutput(text: string, timeoutMs = 15000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (output.includes(text)) {
        clearInterval(check);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(check);
        reject(new Error(`"${text}" never appeared in the dev server's output:\n${output}`));
      }
    }, 20);
  });
}

/** Edits a file: replaces one text by another (which must be there). */
function edit(path: string, from: string, to: string): () => void {
  const original = readFileSync(path, 'utf8');
  assert.ok(original.includes(from), `${path} holds "${from}"`);
  writeFileSync(path, original.replace(from, to));
  return () => writeFileSync(path, original);
}

async function openPage(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}${path}`);
  return page;
}

/** Runs a test step; when it fails, the dev server's output goes with the error. */
async function withOutput(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- dev server output ---\n${output}`);
  }
}

test('saving a page reloads the open tab; a broken link shows an overlay until it is fixed', () => withOutput(async () => {
  const page = await openPage('/docs/guides/second/');
  assert.equal(await page.locator('.markdown h1').textContent(), 'Second guide');
  const file = join(site, 'content/docs/guides/2-second.md');
  const original = readFileSync(file, 'utf8');

  output = '';
  writeFileSync(file, original.replace('## Deep section', '## Deep section\n\nA sentence added while the page is open.'));
  await page.waitForSelector('p:text("A sentence added while the page is open.")', { timeout: 15000 });
  // Only what the change affects is rendered again: this page, not the others.
  await waitForOutput('pages anew');
  assert.match(output, /Rendered 1 of \d+ pages anew \(markdown of 1 of \d+ docs\)/);

  writeFileSync(file, original.replace('# Second guide', '# Second guide, revised'));
  await page.waitForSelector('h1:text("Second guide, revised")', { timeout: 15000 });

  writeFileSync(file, `${original}\nSee [nowhere](/docs/nowhere/).\n`);
  const overlay = page.getByRole('alert');
  await overlay.waitFor({ timeout: 15000 });
  assert.match(await overlay.textContent() ?? '', /content\/docs\/guides\/2-second\.md:\d+: Broken link to "\/docs\/nowhere\/"/);

  writeFileSync(file, original);
  await page.waitForSelector('h1:text-is("Second guide")', { timeout: 15000 });
  assert.equal(await page.getByRole('alert').count(), 0);
  await page.close();
}));

test('a stylesheet change applies in the open tab without a reload', async () => {
  const page = await openPage('/docs/guides/first/');
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const heading = page.locator('.markdown h1');
  const before = await heading.evaluate((element) => getComputedStyle(element).letterSpacing);
  const restore = edit(join(generator, 'assets/css/main.css'), '@import', '.markdown h1 { letter-spacing: 7px; }\n@import');
  try {
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.markdown h1') as Element).letterSpacing === '7px', undefined, { timeout: 15000 });
    assert.notEqual(before, '7px');
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
  } finally {
    restore();
  }
  await page.waitForFunction((spacing) => getComputedStyle(document.querySelector('.markdown h1') as Element).letterSpacing === spacing, before, { timeout: 15000 });
  await page.close();
});

test('a component change shows without restarting; a syntax error in lib/ shows an overlay until it is fixed', async () => {
  const page = await openPage('/docs/guides/first/');
  const restoreFooter = edit(join(generator, 'components/Footer.tsx'), '<p className="footer__copyright">{config.footer.copyright}</p>',
    '<p className="footer__copyright">{config.footer.copyright} Edited while running.</p>');
  try {
    await page.waitForSelector('.footer__copyright:text("Edited while running.")', { timeout: 20000 });
  } finally {
    restoreFooter();
  }
  await page.waitForSelector('.footer__copyright:text-is("Copyright © 2025 Fixture.")', { timeout: 20000 });

  const restoreLib = edit(join(generator, 'lib/assemble/sitemap.ts'), 'export function', 'export function function');
  const overlay = page.getByRole('alert');
  try {
    await overlay.waitFor({ timeout: 20000 });
    assert.match(await overlay.textContent() ?? '', /lib\/assemble\/sitemap\.ts:\d+/);
  } finally {
    restoreLib();
  }
  await overlay.waitFor({ state: 'detached', timeout: 20000 });
  await page.close();
});
