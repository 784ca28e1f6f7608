// `npm start` as an author uses it: save a page and the open tab shows it; save a mistake and the
// tab shows the build error with file and line; fix it and the error goes away by itself.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { fixtureWith, ROOT, tempDir } from '../helpers/site.ts';

let browser: Browser;
let server: ChildProcess;
let site: string;
const port = 3900 + Math.floor(Math.random() * 90);

before(async () => {
  site = fixtureWith();
  server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'dev.ts'), '--site', site, '--out', join(tempDir(), 'dist'), '--port', String(port)], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('the dev server did not start')), 20000);
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Serving the documentation')) {
        clearTimeout(timeout);
        resolve();
      }
    });
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

test('saving a page reloads the open tab; a broken link shows an overlay until it is fixed', async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/docs/guides/second/`);
  assert.equal(await page.locator('.markdown h1').textContent(), 'Second guide');
  const file = join(site, 'content/docs/guides/2-second.md');
  const original = readFileSync(file, 'utf8');

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
});
