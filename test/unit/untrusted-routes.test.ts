// Content is untrusted input: the routes that file names, `slug`, a category's `link.slug` and the
// docs path make stay inside the output folder, every write and delete of a build and of `npm start`
// stays there, names with URL characters give links that work, and names that would collide on a
// case-insensitive disk, tags that share a slug and headings that share an id are reported.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { BuildCache } from '../../lib/runtime/build-cache.ts';
import { BuildError } from '../../lib/diagnostics.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { createStaticServer } from '../../lib/dev/static-server.ts';
import { SiteWriter, writeChanges, type WrittenFiles } from '../../lib/write/site-writer.ts';
import { badInputHarness, caseSite, hashTree } from '../helpers/bad-input.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith, ROOT, tempDir } from '../helpers/site.ts';

const { failure } = await badInputHarness();

const folders: string[] = [];
/** A temporary folder removed after the tests. */
function scratch(prefix: string): string {
  const dir = tempDir(prefix);
  folders.push(dir);
  return dir;
}
after(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A folder of someone else's files that a build must never touch. */
function victim(): { dir: string; untouched: () => void } {
  const dir = join(scratch('pagewright-victim-'), 'victim');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), 'not the site\'s');
  writeFileSync(join(dir, 'index.md'), 'not the site\'s either');
  const before = hashTree(dir);
  return { dir, untouched: () => assert.deepEqual(hashTree(dir), before, 'the folder outside the output is untouched') };
}

test('slug-traversal: a slug that climbs out of the output folder fails at its line and writes nothing outside', async () => {
  rmSync('/tmp/pagewright-slug-victim', { recursive: true, force: true });
  const message = await failure(caseSite('slug-traversal'));
  assert.match(message, /^content\/docs\/guides\/3-escape\.md:3: The slug "\.\.\/\.\.\/.*pagewright-slug-victim" contains a "\.\." part/);
  assert.equal(existsSync('/tmp/pagewright-slug-victim'), false);
});

test('slug-traversal under npm start: the incremental build neither writes nor deletes outside the output folder', async () => {
  const site = fixtureWith();
  folders.push(site);
  const outDir = join(scratch('pagewright-out-'), 'dist');
  const cache = new BuildCache();
  const outside = victim();
  await buildSite({ root: ROOT, siteDir: site, outDir, cache });

  // The doc's route is /docs/<slug>/, written to <outDir>/docs/<slug>/: aim it at the victim folder.
  const doc = join(site, 'content/docs/escape.md');
  writeFileSync(doc, `---\ntitle: Escape\nslug: ${relative(join(outDir, 'docs'), outside.dir)}\n---\n\n# Escape\n`);
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir, cache }), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    assert.equal(error.file, 'content/docs/escape.md');
    assert.equal(error.line, 3);
    return true;
  });
  outside.untouched();

  rmSync(doc);
  await buildSite({ root: ROOT, siteDir: site, outDir, cache });
  outside.untouched();
});

test('slug-parent-of-docs: a slug of /../ fails at its line instead of replacing the home page (and listing /docs/../ in the sitemap)', async () => {
  const message = await failure(caseSite('slug-parent-of-docs'));
  assert.match(message, /^content\/docs\/guides\/3-home\.md:3: The slug "\/\.\.\/" contains a "\.\." part/);
});

test('slug-dot-segments: a slug that reaches another doc\'s route by "." and ".." parts fails at its line', async () => {
  const message = await failure(caseSite('slug-dot-segments'));
  assert.match(message, /^content\/docs\/guides\/3-detour\.md:3: The slug "\.\.\/guides\/\.\/\.\.\/guides\/first" contains a "\.\." part/);
});

test('category-slug-traversal: a category link.slug that climbs out fails at its line', async () => {
  const message = await failure(caseSite('category-slug-traversal'));
  assert.match(message, /^content\/docs\/guides\/_category_\.yml:5: The slug "\/\.\.\/.*pagewright-category-victim" contains a "\.\." part/);
  assert.equal(existsSync('/tmp/pagewright-category-victim'), false);
});

test('docs-path-traversal: a docs.version.path with ".." fails at its line in site.yml', async () => {
  const config = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8');
  const message = await failure(fixtureWith({ 'content/site.yml': config.replace('path: /docs', 'path: /docs/../..') }));
  assert.match(message, /^content\/site\.yml:46: "docs\.version\.path" \("\/docs\/\.\.\/\.\."\) contains a "\.\." part/);
});

test('writer-outside-output: the production writer and the npm start writer refuse paths outside their folder', () => {
  const parent = scratch('pagewright-writer-');
  const outDir = join(parent, 'dist');
  const outside = victim();
  const escape = relative(join(parent, 'x'), join(outside.dir, 'index.html'));
  const writer = new SiteWriter(outDir);
  try {
    assert.throws(() => writer.write(escape, 'overwritten'), /not inside the output folder/);
    assert.throws(() => writer.open('/tmp/pagewright-writer-absolute'), /not inside the output folder/);
    assert.throws(() => writer.folder('../sibling'), /not inside the output folder/);
    writer.write('docs/index.html', 'a page');
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
  assert.deepEqual(readdirSync(parent), ['dist']);
  outside.untouched();

  const previous: WrittenFiles = new Map([['docs/index.html', { content: 'a page', met: 0 }]]);
  assert.throws(() => writeChanges(outDir, [[{ path: `../${escape}`, content: 'overwritten' }]], previous), /not inside the output folder/);
  outside.untouched();
  previous.set(`../${escape}`, { content: 'written by an earlier build', met: 0 });
  assert.throws(() => writeChanges(outDir, [[{ path: 'docs/index.html', content: 'a page' }]], previous), /not inside the output folder/);
  outside.untouched();
  assert.equal(existsSync('/tmp/pagewright-writer-absolute'), false);
});

test('interrupted-build-leftovers: .dist-new/.dist-old folders of a dead build are removed by the next build, a running build\'s are kept', async () => {
  const parent = scratch('pagewright-leftovers-');
  const outDir = join(parent, 'dist');
  // The id of a process that has ended.
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  assert.ok(dead !== undefined && dead !== process.pid);
  for (const name of [`.dist-new-${dead}-1700000000000`, `.dist-old-${dead}-1700000000000`, `.dist-new-${process.pid}-1700000000000`]) {
    mkdirSync(join(parent, name, 'docs'), { recursive: true });
    writeFileSync(join(parent, name, 'docs/index.html'), 'half a site');
  }
  await buildInto(BASIC_FIXTURE, outDir);
  assert.deepEqual(readdirSync(parent).sort(), [`.dist-new-${process.pid}-1700000000000`, 'dist']);
});

/** A server for a built site, closed after the tests; its origin. */
async function serve(t: TestContext, dir: string): Promise<string> {
  const server = createStaticServer({ dir });
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('url-characters-in-file-names: files named with #, ? and % get sidebar links that lead to their pages', async (t) => {
  const names = { 'a#b': 'Hash page', 'c?d': 'Question page', '50%': 'Percent page' };
  const site = fixtureWith(Object.fromEntries(Object.entries(names).map(([name, title]) =>
    [`content/docs/guides/${name}.md`, `---\ntitle: ${title}\n---\n\n# ${title}\n\nText.\n`])));
  folders.push(site);
  const { outDir } = await buildInto(site, join(scratch('pagewright-out-'), 'dist'));
  const html = readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8');
  const origin = await serve(t, outDir);
  for (const [name, title] of Object.entries(names)) {
    const href = new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${title}<`).exec(html)?.[1];
    assert.equal(href, `/docs/guides/${encodeURIComponent(name)}/`, `the sidebar link of ${name}.md is encoded`);
    const response = await fetch(`${origin}${href}`);
    assert.equal(response.status, 200, `${href} answers`);
    assert.match(await response.text(), new RegExp(`<h1>${title}</h1>`));
  }
});

test('case-only-duplicate-routes: two docs whose routes differ only in letter case are a warning naming both', async () => {
  const site = fixtureWith({
    'content/docs/guides/Setup.md': '---\ntitle: Setup upper\n---\n\n# Setup upper\n',
    'content/docs/guides/setup.md': '---\ntitle: Setup lower\n---\n\n# Setup lower\n',
  });
  folders.push(site);
  const { result } = await buildInto(site, join(scratch('pagewright-out-'), 'dist'));
  const warning = result.warnings.find((found) => found.message.includes('only in letter case'));
  assert.ok(warning, `a warning about the case-only duplicate, got ${JSON.stringify(result.warnings)}`);
  assert.equal(warning.file, 'content/docs/guides/setup.md');
  assert.match(warning.message, /^The route "\/docs\/guides\/setup\/" differs from "\/docs\/guides\/Setup\/" \(content\/docs\/guides\/Setup\.md\) only in letter case/);
});

test('tags-in-other-scripts: CJK, Cyrillic and emoji tags get distinct pages; two labels with one slug are a warning', async (t) => {
  const site = fixtureWith({
    'content/docs/guides/3-scripts.md': '---\ntitle: Scripts\ntags: [日本語, русский, 🚀, ✨, C++]\n---\n\n# Scripts\n',
    'content/docs/guides/4-sharp.md': '---\ntitle: Sharp\ntags: [C#]\n---\n\n# Sharp\n',
  });
  folders.push(site);
  const { result, outDir } = await buildInto(site, join(scratch('pagewright-out-'), 'dist'));
  const origin = await serve(t, outDir);
  const page = readFileSync(join(outDir, 'docs/guides/scripts/index.html'), 'utf8');
  const hrefs = new Map<string, string>();
  for (const label of ['日本語', 'русский', '🚀', '✨']) {
    const href = new RegExp(`<a[^>]*href="(/docs/tags/[^"]+/)"[^>]*>${label}<`).exec(page)?.[1];
    assert.ok(href, `the tag ${label} links to a page of its own`);
    hrefs.set(label, href);
    const response = await fetch(`${origin}${href}`);
    assert.equal(response.status, 200, `${href} answers`);
    assert.match(await response.text(), /Scripts/);
  }
  assert.equal(new Set(hrefs.values()).size, 4, `four different tag pages: ${[...hrefs.values()].join(' ')}`);
  assert.deepEqual(result.warnings.filter((warning) => warning.message.includes('same slug')).map(({ file, line }) => `${file}:${line}`),
    ['content/docs/guides/4-sharp.md:3']);
});

test('duplicate-heading-id: a second heading with the same {#id} is a warning at its line', async () => {
  const site = fixtureWith({
    'content/docs/guides/3-ids.md': '---\ntitle: Ids\n---\n\n# Ids\n\n## One {#same}\n\nText.\n\n## Two {#same}\n\nText.\n',
  });
  folders.push(site);
  const { result } = await buildInto(site, join(scratch('pagewright-out-'), 'dist'));
  assert.deepEqual(result.warnings.filter((warning) => warning.message.includes('#same')).map(({ file, line }) => `${file}:${line}`),
    ['content/docs/guides/3-ids.md:11']);
});

test('dotted-number-prefix: a folder named "1-.." keeps its name, so its pages stay inside the output', async () => {
  const site = fixtureWith({ 'content/docs/1-../2-../3-../deep.md': '---\ntitle: Deep\n---\n\n# Deep\n' });
  folders.push(site);
  const parent = scratch('pagewright-out-');
  const { outDir } = await buildInto(site, join(parent, 'dist'));
  assert.ok(existsSync(join(outDir, 'docs/1-../2-../3-../deep/index.html')));
  assert.deepEqual(readdirSync(parent), ['dist']);
  assert.equal(existsSync(join(dirname(parent), 'deep')), false);
});
