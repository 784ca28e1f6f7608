// Links as Docusaurus docs folders write them (test/fixtures/docusaurus-links/, laid over the basic
// fixture): a dotted last segment that is a doc's route, .md links from the docs folder, and
// site.yml `onBrokenLinks: warn`.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildError, buildInto, fixtureOverlay, ROOT } from '../helpers/site.ts';

const FIXTURE = join(ROOT, 'test/fixtures/docusaurus-links');
const site = fixtureOverlay(FIXTURE);
const built = await buildInto(site);
const folders = [site, join(built.outDir, '..')];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const read = (path: string) => readFileSync(join(built.outDir, path), 'utf8');

test('the fixture builds without warnings', () => {
  assert.deepEqual(built.result.warnings.map((w) => `${w.file}:${w.line ?? ''} ${w.message}`), []);
});

test('a link whose last segment has a dot leads to the doc of that route; a file stays a file', () => {
  const html = read('docs/sdk/overview/index.html');
  assert.match(read('docs/sdk/abstract.Client/index.html'), /<h1[^>]*>Class: Client/);
  assert.match(html, /<a href="\/docs\/sdk\/abstract\.Client\/">the client<\/a>/);
  assert.match(html, /<a href="\/docs\/sdk\/abstract\.Client\/#methods">the client class<\/a>/);
  assert.match(html, /<a href="\/llms\.txt">the site index<\/a>/);
});

test('.md links are also read from the docs folder and the folder above it, as Docusaurus reads them', () => {
  const html = read('docs/sdk/overview/index.html');
  assert.match(html, /<a href="\/docs\/guides\/first\/">the first guide<\/a>/);
  assert.match(html, /<a href="\/docs\/changes\/">the changes<\/a>/);
  assert.match(html, /<a href="\/docs\/changes\/">the changes again<\/a>/);
  // The markdown twin reads them the same way.
  const twin = read('docs/sdk/overview/index.md');
  assert.match(twin, /\[the first guide\]\(https:\/\/fixture\.example\.com\/docs\/guides\/first\/\)/);
  assert.match(twin, /\[the client\]\(https:\/\/fixture\.example\.com\/docs\/sdk\/abstract\.Client\/\)/);
});

test('a "./" link is beside the page only', async () => {
  const broken = fixtureOverlay(FIXTURE);
  folders.push(broken);
  writeFileSync(join(broken, 'content/docs/sdk/more.md'), '# More\n\nSee [the guide](./guides/1-first.md).\n');
  const { result } = await buildInto(broken, join(broken, 'out'));
  assert.deepEqual(result.warnings.map((w) => `${w.file}:${w.line}`), ['content/docs/sdk/more.md:3']);
  assert.match(result.warnings[0]?.message ?? '', /"\.\/guides\/1-first\.md" points to a file that does not exist/);
});

test('onBrokenLinks: warn in site.yml turns a broken link into a warning with file and line; the default fails', async () => {
  const warned = fixtureOverlay(FIXTURE);
  folders.push(warned);
  writeFileSync(join(warned, 'content/docs/sdk/old.md'), '# Old\n\nSee [the removed page](/docs/sdk/abstract.Server).\n');
  assert.match(await buildError(warned, join(warned, 'out-throw')), /content\/docs\/sdk\/old\.md:3: Broken link to "\/docs\/sdk\/abstract\.Server"/);
  appendFileSync(join(warned, 'content/site.yml'), 'onBrokenLinks: warn\n');
  const { result } = await buildInto(warned, join(warned, 'out'));
  assert.deepEqual(result.warnings.map((w) => `${w.file}:${w.line} ${w.message}`),
    ['content/docs/sdk/old.md:3 Broken link to "/docs/sdk/abstract.Server": no page has this route. Fix the path (routes end with "/"), or link to the page only once it exists.']);
});

test('onBrokenLinks takes "throw" or "warn" only, checked at its line', async () => {
  const wrong = fixtureOverlay(FIXTURE);
  folders.push(wrong);
  appendFileSync(join(wrong, 'content/site.yml'), 'onBrokenLinks: ignore\n');
  assert.match(await buildError(wrong, join(wrong, 'out')), /content\/site\.yml:\d+: "onBrokenLinks" is "ignore"; it must be "throw" or "warn"/);
});
