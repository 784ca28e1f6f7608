// Incremental builds (`npm start`): with a BuildCache kept between builds, a change re-renders only
// the pages it affects. That the result is the same site a fresh build writes: test/unit/build-modes.test.ts.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../../lib/pipeline.ts';
import { BuildCache } from '../../lib/runtime/build-cache.ts';
import { keepReadyIndex } from '../../lib/runtime/cached.ts';
import { LaterWrites } from '../../lib/runtime/later-writes.ts';
import { SearchUpdates } from '../../lib/runtime/search-updates.ts';
import { SiteWriter } from '../../lib/write/site-writer.ts';
import { fixtureWith, generatorCopy, ROOT, tempDir } from '../helpers/site.ts';

/** A site, its output folder, a cache, and a build that returns what it made anew. */
async function incrementalSite(root = ROOT, files: Record<string, string> = {}, cache = new BuildCache()) {
  const site = fixtureWith(files);
  const outDir = join(tempDir(), 'dist');
  /** `deferSearch`: as a save in `npm start` builds (BuildOptions.deferSearch). */
  const build = async (deferSearch = false) => {
    const { warnings } = await buildSite({ root, siteDir: site, outDir, cache, deferSearch });
    return { ...cache.stats, warnings };
  };
  return { site, outDir, cache, build };
}

test('an unchanged site renders nothing again; a body edit renders and writes that page and its twin only', async () => {
  const { site, outDir, cache, build } = await incrementalSite();
  const first = await build();
  assert.equal(first.pagesRendered, first.pagesTotal);
  // A file written again is a new file (written beside, then renamed into place).
  const fileOf = (route: string) => join(outDir, route, 'index.html');
  const inodes = () => ['docs/guides/first', 'docs/guides/second'].map((route) => statSync(fileOf(route)).ino);
  const [firstPage, secondPage] = inodes();
  const twinOf = (route: string) => join(outDir, route, 'index.md');
  const firstTwin = statSync(twinOf('docs/guides/first')).ino;
  const again = await build();
  assert.equal(again.pagesRendered, 0);
  assert.equal(again.docsTransformed, 0);
  assert.deepEqual(inodes(), [firstPage, secondPage], 'an unchanged build writes no page');

  const file = join(site, 'content/docs/guides/2-second.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('## Deep section', '## Deep section\n\nOne more sentence.'));
  // As `npm start` builds a save: the search index, named in every page, follows in the next build.
  const edited = await build(true);
  assert.equal(edited.docsTransformed, 1);
  assert.equal(edited.pagesRendered, 1);
  assert.equal(cache.siteParts.made, false, 'the sidebars, tags and llms.txt are the last build\'s');
  const [firstAfter, secondAfter] = inodes();
  assert.equal(firstAfter, firstPage, 'the other page is not written again');
  assert.notEqual(secondAfter, secondPage);
  assert.match(readFileSync(fileOf('docs/guides/second'), 'utf8'), /One more sentence\./);
  // Its markdown twin and /llms-full.txt follow; the other doc's twin is not written again.
  assert.match(readFileSync(twinOf('docs/guides/second'), 'utf8'), /One more sentence\./);
  assert.match(readFileSync(join(outDir, 'llms-full.txt'), 'utf8'), /One more sentence\./);
  assert.equal(statSync(twinOf('docs/guides/first')).ino, firstTwin, 'the other twin is not written again');
});

test('on a site of many pages, saves one after another render and write the page edited, each showing its text, and an image edited in place shows', async () => {
  // Enough docs that a save meets mostly the last build's page objects (Memo's holdsWhileSame): only the others are read.
  // A description of their own: one taken from the text would change what other pages show.
  const head = (index: number) => `---\ndescription: Page ${index} of many.\n---\n\n# Page ${index}\n\n`;
  const many = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`content/docs/many/page-${index}.md`, `${head(index)}Text of page ${index}.\n`]));
  const { site, outDir, build } = await incrementalSite(ROOT, many);
  // Written long ago: a file changed within the file system's time resolution of a build is read again on the next.
  const longAgo = new Date(Date.now() - 3_600_000);
  for (const path of readdirSync(join(site, 'content/docs'), { recursive: true, encoding: 'utf8' })) utimesSync(join(site, 'content/docs', path), longAgo, longAgo);
  await build();
  const page = (index: number) => readFileSync(join(outDir, `docs/many/page-${index}/index.html`), 'utf8');
  for (const [index, text] of [[7, 'First save.'], [90, 'Second save.'], [7, 'Third save.']] as const) {
    writeFileSync(join(site, `content/docs/many/page-${index}.md`), `${head(index)}${text}\n`);
    const saved = await build(true);
    assert.equal(saved.pagesRendered, 1, text);
    assert.match(page(index), new RegExp(text));
    assert.match(readFileSync(join(outDir, `docs/many/page-${index}/index.md`), 'utf8'), new RegExp(text));
  }
  assert.doesNotMatch(page(7), /First save/);
  assert.match(page(90), /Second save/);
  assert.match(page(8), /Text of page 8\./);
  // An image edited in place, its doc unchanged: the doc is transformed again, its page shows the new size.
  writeFileSync(join(site, 'content/docs/guides/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#ccc"/></svg>');
  assert.equal((await build(true)).docsTransformed, 1);
  assert.match(readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8'), /width="300" height="150"/);
});

test('a page follows a change of its table of contents alone (its levels), which the cache keeps out of memory', async () => {
  const { site, outDir, build } = await incrementalSite();
  const file = join(site, 'content/docs/guides/2-second.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('## Deep section', '## Deep section\n\n### A subsection\n\nText.'));
  await build();
  const tocEntries = () => {
    const page = readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8');
    const toc = page.slice(page.indexOf('class="toc-desktop"'), page.indexOf('</nav>', page.indexOf('class="toc-desktop"')));
    return (toc.match(/href="#[^"]+"/g) ?? []).length;
  };
  assert.equal(tocEntries(), 2);
  writeFileSync(file, readFileSync(file, 'utf8').replace('description: The second guide.', 'description: The second guide.\ntoc_max_heading_level: 2'));
  const edited = await build();
  assert.equal(edited.docsTransformed, 1);
  assert.equal(edited.pagesRendered, 1);
  assert.equal(tocEntries(), 1, 'the page shows the new table of contents');
});

test('a title change renders the pages that show it: every page with the sidebar, the tag pages', async () => {
  const { site, outDir, cache, build } = await incrementalSite();
  const { pagesTotal } = await build();
  const file = join(site, 'content/docs/guides/2-second.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('# Second guide', '# Second guide, renamed'));
  const edited = await build();
  assert.equal(edited.docsTransformed, 1);
  assert.ok(edited.pagesRendered > 1 && edited.pagesRendered <= pagesTotal, `${edited.pagesRendered} of ${pagesTotal}`);
  assert.equal(cache.siteParts.made, true);
  assert.match(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'), /Second\s+guide,\s+renamed/, 'another page\'s sidebar shows the new title');
  assert.match(readFileSync(join(outDir, 'docs/tags/lora/index.html'), 'utf8'), /Second\s+guide,\s+renamed/, 'its tag page lists it by its new title');
  const siteFile = join(site, 'content/site.yml');
  writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace('title: Fixture docs', 'title: Fixture handbook'));
  await build();
  for (const route of ['docs/tags/lora', 'docs/category/guides', 'docs/guides/first']) {
    assert.match(readFileSync(join(outDir, route, 'index.html'), 'utf8'), /<title>[^<]*Fixture handbook<\/title>/, `${route} has the site's new title`);
  }
});

test('what a doc page shows of other docs follows their edits, though its own doc is unchanged', async () => {
  // A page of cards (each doc's description), and the guides' previous/next links.
  const { site, outDir, build } = await incrementalSite(ROOT, {
    'content/docs/guides/3-cards.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Cards\n\n<DocCardList />\n",
  });
  await build();
  const page = (route: string) => readFileSync(join(outDir, route, 'index.html'), 'utf8');
  const edit = (path: string, change: (text: string) => string) => {
    const file = join(site, 'content/docs/guides', path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  assert.match(page('docs/guides/cards'), /The\s+first\s+guide\s+of\s+the\s+fixture\./);
  edit('1-first.md', (text) => text.replace('description: The first guide of the fixture.', 'description: Where every reader starts.'));
  let built = await build();
  assert.equal(built.docsTransformed, 1);
  assert.match(page('docs/guides/cards'), /Where\s+every\s+reader\s+starts\./, 'a card shows the new description');
  edit('2-second.md', (text) => text.replace('description: The second guide.', 'description: The second guide.\nsidebar_label: Second, in short'));
  built = await build();
  assert.match(page('docs/guides/first'), /Second,\s+in\s+short/, 'the next link and the sidebar show the new label');
  edit('1-first.md', (text) => text.replace('title: First guide', 'title: First guide\npagination_label: Start here'));
  built = await build();
  assert.match(page('docs/guides/second'), /Start\s+here/, 'the previous link shows the pagination label');
  // Its generated index keeps its route (a label names the route otherwise).
  edit('_category_.yml', (text) => text.replace('label: Guides', 'label: Walkthroughs').replace('  type: generated-index', '  type: generated-index\n  slug: /category/guides'));
  built = await build();
  assert.equal(built.docsTransformed, 0);
  assert.match(page('docs/guides/second'), /Walkthroughs/, 'the sidebar and the breadcrumbs show the category\'s new label');
});

test('twins a save keeps read back into /llms-full.txt after the twin store moved the live ones to a new file', async () => {
  // Two parts of /llms-full.txt (200 docs a part); the twin store moves its live twins to a new file
  // after any save that leaves more dead bytes than live ones.
  const head = (index: number) => `---\ndescription: Page ${index} of many.\n---\n\n# Page ${index}\n\n`;
  const many = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`content/docs/many/page-${index}.md`, `${head(index)}Text of page ${index}.\n`]));
  const { site, outDir, build } = await incrementalSite(ROOT, many, new BuildCache({ twinSlack: 0 }));
  await build();
  const part = (n: number) => readFileSync(join(outDir, `llms-full-${n}.txt`), 'utf8');
  assert.match(part(1), /Text of page 8\.\n/);
  assert.match(part(2), /Text of page 97\.\n/);
  // A save in the small second part, then one in the first, whose other docs' twins it kept.
  for (const [index, text] of [[97, 'First save.'], [7, 'Second save.']] as const) {
    writeFileSync(join(site, `content/docs/many/page-${index}.md`), `${head(index)}${text}\n`);
    await build(true);
  }
  assert.match(part(2), /First save\./);
  assert.match(part(1), /Second save\./);
  for (const index of [0, 8, 150]) assert.match(part(1), new RegExp(`# Page ${index}\n\nText of page ${index}\.\n`));
});

test('/llms-full.txt follows a change of the reading order, and keeps it through a body edit', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const order = () => [...readFileSync(join(outDir, 'llms-full.txt'), 'utf8').matchAll(/^Source: .*\/docs\/guides\/(\w+)\/$/gm)].map((match) => match[1]);
  assert.deepEqual(order(), ['first', 'second']);
  const file = join(site, 'content/docs/guides/1-first.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('title: First guide', 'title: First guide\nsidebar_position: 9'));
  await build();
  assert.deepEqual(order(), ['second', 'first'], 'the sidebar\'s new order');
  writeFileSync(file, readFileSync(file, 'utf8').replace('# First guide', '# First guide\n\nEdited.'));
  await build(true);
  assert.deepEqual(order(), ['second', 'first']);
  assert.match(readFileSync(join(outDir, 'llms-full.txt'), 'utf8'), /Edited\./);
});

test('the link check follows what a save changes: anchors and pages of other docs, its own links', async () => {
  const { site, outDir, cache } = await incrementalSite();
  const build = async () => (await buildSite({ root: ROOT, siteDir: site, outDir, cache, deferSearch: true })).warnings.map((warning) => warning.message);
  const second = join(site, 'content/docs/guides/2-second.md');
  const first = join(site, 'content/docs/guides/1-first.md');
  const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));
  const anchorWarning = /Link to "\/docs\/guides\/second\/#deep-section": the page has no element/;
  assert.equal((await build()).some((message) => anchorWarning.test(message)), false);
  // The first guide links to the second's "Deep section": renamed there, the unchanged first guide's link is warned of.
  edit(second, (text) => text.replace('## Deep section', '## Shallow section'));
  assert.ok((await build()).some((message) => anchorWarning.test(message)), 'the anchor the other doc lost');
  edit(second, (text) => text.replace('## Shallow section', '## Shallow section\n\nMore text.'));
  assert.ok((await build()).some((message) => anchorWarning.test(message)), 'still warned of on the next save');
  edit(second, (text) => text.replace('## Shallow section', '## Deep section'));
  assert.equal((await build()).some((message) => anchorWarning.test(message)), false, 'the anchor is back');
  edit(first, (text) => `${text}\n[Nowhere](/docs/nowhere/)\n`);
  await assert.rejects(build(), /1-first\.md:\d+: Broken link to "\/docs\/nowhere\/"/);
  edit(first, (text) => text.replace('[Nowhere](/docs/nowhere/)', '[The second guide](/docs/guides/second/)'));
  await build();
  edit(join(site, 'content/docs/index.md'), (text) => `${text}\nMore.\n`);
  await build();
  // A tag renamed: as many routes as before, one of them other, and the doc linking to the old one unchanged.
  edit(join(site, 'content/docs/index.md'), (text) => `${text}\n[Noise offset](/docs/tags/noise-offset/)\n`);
  await build();
  edit(first, (text) => text.replace('noise offset]', 'noise offsets]'));
  await assert.rejects(build(), /index\.md:\d+: Broken link to "\/docs\/tags\/noise-offset\/"/, 'a tag page gone breaks the links of unchanged docs');
  edit(first, (text) => text.replace('noise offsets]', 'noise offset]'));
  await build();
  renameSync(second, join(site, 'content/docs/guides/2-other.md'));
  await assert.rejects(build(), /1-first\.md:\d+: Broken link to "\/docs\/guides\/second\/"/, 'a page gone breaks the links of unchanged docs');
});

test('the request-sample check follows what a save changes in a doc, and keeps what it found in the others', async () => {
  const sample = (kind: string) => `---\ntitle: Samples\n---\n\n# Samples\n\n\`\`\`bash\ncurl -X POST https://api.example.com/things \\\n  -H "Authorization: Bearer $API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"thing": {"name": "Lamp", "kind": "${kind}"}}'\n\`\`\`\n`;
  const { site, build } = await incrementalSite(ROOT, {
    'content/api/openapi.yaml': readFileSync(join(ROOT, 'test/fixtures/bad-samples/content/api/openapi.yaml'), 'utf8'),
    'content/docs/guides/3-samples.md': sample('small'),
  });
  const samples = join(site, 'content/docs/guides/3-samples.md');
  await build(true);
  writeFileSync(samples, sample('medium'));
  await assert.rejects(build(true), /3-samples\.md:11: Request sample POST \/things: thing\.kind is "medium"/);
  // Another doc saved: the sample, unchanged, is still wrong.
  const first = join(site, 'content/docs/guides/1-first.md');
  writeFileSync(first, `${readFileSync(first, 'utf8')}\nMore text.\n`);
  await assert.rejects(build(true), /3-samples\.md:11: Request sample POST \/things: thing\.kind is "medium"/);
  writeFileSync(samples, sample('large'));
  await build(true);
});

test('the sitemap follows the pages and the site\'s address, and a body edit does not write it again', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const sitemap = () => readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
  const sitemapFile = () => statSync(join(outDir, 'sitemap.xml')).ino;
  const before = sitemapFile();
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(site, path), change(readFileSync(join(site, path), 'utf8')));
  edit('content/docs/guides/2-second.md', (text) => `${text}\nOne more sentence.\n`);
  await build(true);
  assert.equal(sitemapFile(), before, 'not written again');
  writeFileSync(join(site, 'content/docs/guides/3-third.md'), '# Third guide\n\nNew.\n');
  await build(true);
  assert.match(sitemap(), /<loc>https:\/\/fixture\.example\.com\/docs\/guides\/third\/<\/loc>/);
  rmSync(join(site, 'content/docs/guides/3-third.md'));
  await build(true);
  assert.doesNotMatch(sitemap(), /guides\/third/);
  edit('content/site.yml', (text) => text.replace('url: https://fixture.example.com', 'url: https://docs.fixture.example.com'));
  await build(true);
  assert.match(sitemap(), /<loc>https:\/\/docs\.fixture\.example\.com\/docs\/guides\/second\/<\/loc>/);
  assert.doesNotMatch(sitemap(), /https:\/\/fixture\.example\.com/);
});

test('a save that moves a doc\'s links down and adds a heading keeps the site parts, and its page and the link check follow it', async () => {
  const { site, outDir, cache, build } = await incrementalSite();
  await build();
  const file = join(site, 'content/docs/guides/1-first.md');
  // Lines above the doc's link (its line is one of the doc's facts) and a heading of its own (its table of contents and anchors).
  writeFileSync(file, readFileSync(file, 'utf8').replace('# First guide\n', '# First guide\n\nA new first line.\n\nAnd a second.\n')
    .replace('## Use', '## A heading added\n\nSee [nothing](#no-such-heading).\n\n## Use'));
  const edited = await build(true);
  assert.equal(cache.siteParts.made, false, 'the sidebars, tags and llms.txt are the last build\'s');
  assert.equal(edited.pagesRendered, 1);
  const page = readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8');
  assert.match(page, /href="#a-heading-added"/, 'the table of contents has the new heading');
  // The link check reads the doc's links and anchors as they are now: the broken anchor at its line.
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes('#no-such-heading')) + 1;
  const broken = edited.warnings.filter((warning) => warning.message.includes('no-such-heading'));
  assert.deepEqual(broken.map((warning) => [warning.file, warning.line]), [['content/docs/guides/1-first.md', line]]);
});

test('what assemble finds of the docs by their front matter follows a save: an unlisted doc\'s twin and addresses, a changelog\'s feeds', async () => {
  const { site, outDir, cache, build } = await incrementalSite();
  await build();
  const read = (path: string) => readFileSync(join(outDir, path), 'utf8');
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(site, path), change(readFileSync(join(site, path), 'utf8')));
  // Unlisted: out of the sitemap and /llms-full.txt, its twin kept, through a save that keeps the site parts.
  edit('content/docs/guides/1-first.md', (text) => text.replace('title: First guide', 'title: First guide\nunlisted: true'));
  await build(true);
  assert.doesNotMatch(read('sitemap.xml'), /guides\/first/);
  assert.doesNotMatch(read('llms-full.txt'), /Source: .*guides\/first/);
  edit('content/docs/guides/1-first.md', (text) => `${text}\nA sentence only the unlisted doc has.\n`);
  edit('content/docs/guides/2-second.md', (text) => `${text}\nA sentence the listed doc has.\n`);
  await build(true);
  assert.equal(cache.siteParts.made, false, 'body edits keep the site parts');
  assert.match(read('docs/guides/first/index.md'), /A sentence only the unlisted doc has\./);
  assert.match(read('docs/guides/second/index.md'), /A sentence the listed doc has\./);
  assert.match(read('llms-full.txt'), /A sentence the listed doc has\./);
  assert.doesNotMatch(read('llms-full.txt'), /only the unlisted doc/);
  assert.doesNotMatch(read('sitemap.xml'), /guides\/first/);
  assert.match(read('sitemap.xml'), /guides\/second/);
  // A changelog's new entry is in its feeds.
  edit('content/docs/0-changes.md', (text) => text.replace('- **2025-01-02**', '- **2025-01-03** — Added a third guide.\n- **2025-01-02**'));
  await build(true);
  assert.match(read('docs/changes/atom.xml'), /Added a third guide/);
  assert.match(read('docs/changes/feed.json'), /Added a third guide/);
});

test('new, renamed and deleted files are handled', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const guides = join(site, 'content/docs/guides');
  writeFileSync(join(guides, '3-third.md'), '# Third guide\n\nNew.\n');
  await build();
  assert.match(readFileSync(join(outDir, 'docs/guides/third/index.html'), 'utf8'), /<h1>Third guide<\/h1>/);
  renameSync(join(guides, '3-third.md'), join(guides, '3-fourth.md'));
  await build();
  assert.match(readFileSync(join(outDir, 'docs/guides/fourth/index.html'), 'utf8'), /<h1>Third guide<\/h1>/);
  assert.equal(readdirSync(join(outDir, 'docs/guides')).includes('third'), false, 'the old route is gone');
  rmSync(join(guides, '3-fourth.md'));
  await build();
  assert.equal(readdirSync(join(outDir, 'docs/guides')).includes('fourth'), false);
});

test('a link to a doc\'s file follows the route a save gives that doc, though the linking doc is unchanged', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const changes = () => readFileSync(join(outDir, 'docs/changes/index.html'), 'utf8');
  assert.match(changes(), /<a href="\/docs\/guides\/first\/">first guide<\/a>/);
  const first = join(site, 'content/docs/guides/1-first.md');
  const edit = (change: (text: string) => string) => writeFileSync(first, change(readFileSync(first, 'utf8')));
  edit((text) => text.replace('title: First guide', 'title: First guide\nslug: /guides/start'));
  const moved = await build(true);
  assert.match(changes(), /<a href="\/docs\/guides\/start\/">first guide<\/a>/);
  assert.equal(moved.docsTransformed, moved.docsTotal, 'a route changed: every doc\'s links are made again');
  // A body edit keeps every route: only the edited doc is transformed again.
  edit((text) => `${text}\nOne more sentence.\n`);
  const edited = await build(true);
  assert.equal(edited.docsTransformed, 1);
  assert.match(changes(), /<a href="\/docs\/guides\/start\/">first guide<\/a>/);
});

test('of docs that share a route the first is published; a save that deletes it publishes the next, and a deleted doc\'s files go', async () => {
  const sameRoute = (title: string) => `---\ntitle: ${title}\nslug: /guides/shared\n---\n\n# ${title}\n\nThe text of ${title}.\n`;
  const { site, outDir, build } = await incrementalSite(ROOT, {
    'content/docs/guides/3-again.md': sameRoute('Again'),
    'content/docs/guides/3-once-more.md': sameRoute('Once more'),
    'content/docs/guides/4-extra.md': '# Extra guide\n\nSoon gone.\n',
  });
  const read = (path: string) => readFileSync(join(outDir, path), 'utf8');
  /** Where the site shows the doc titled `title`: its page, its twin, the sidebar, /llms-full.txt. */
  const shown = (title: string) => [
    read('docs/guides/shared/index.html').includes(`The text of ${title}.`),
    read('docs/guides/shared/index.md').includes(`The text of ${title}.`),
    new RegExp(`>\\s*${title}\\s*<`).test(read('docs/guides/first/index.html')),
    read('llms-full.txt').includes(`The text of ${title}.`),
  ];
  await build(true);
  assert.deepEqual(shown('Again'), [true, true, true, true]);
  assert.deepEqual(shown('Once more'), [false, false, false, false], 'the second doc at the route shows nowhere');
  assert.ok(readdirSync(join(outDir, 'docs/guides')).includes('extra'));
  rmSync(join(site, 'content/docs/guides/3-again.md'));
  rmSync(join(site, 'content/docs/guides/4-extra.md'));
  await build(true);
  assert.deepEqual(shown('Once more'), [true, true, true, true], 'the route\'s next doc is published');
  assert.deepEqual(shown('Again'), [false, false, false, false]);
  assert.equal(readdirSync(join(outDir, 'docs/guides')).includes('extra'), false, 'the deleted doc\'s page and twin are gone');
});

/** As `npm start` builds a save: the files its watcher saw change are told first (lib/load/known-tree.ts). */
async function watchedSite() {
  const site = await incrementalSite();
  await site.build();
  // The server's first report: it was not yet watching every file, so this build walks the folder.
  site.cache.tree.saw(undefined);
  await site.build(true);
  const save = async (...paths: string[]) => {
    site.cache.tree.saw(paths.map((path) => join(site.site, 'content/docs', path)));
    return site.build(true);
  };
  const page = (route: string) => readFileSync(join(site.outDir, route, 'index.html'), 'utf8');
  const routes = (dir: string) => readdirSync(join(site.outDir, dir));
  return { ...site, save, page, routes, docs: join(site.site, 'content/docs') };
}

test('a save that gives a doc a route taken leaves it out with a warning, also through saves of other docs; a save back publishes it', async () => {
  const { docs, save, page, routes } = await watchedSite();
  const third = join(docs, 'guides/3-third.md');
  const inSidebar = () => />\s*Third guide\s*</.test(page('docs/guides/first'));
  const duplicate = (warnings: { file: string; message: string }[]) => warnings.filter((warning) => warning.message.startsWith('Duplicate route')).map((warning) => warning.file);
  writeFileSync(third, '# Third guide\n\nNew.\n');
  await save('guides/3-third.md');
  assert.ok(routes('docs/guides').includes('third') && inSidebar());
  writeFileSync(third, '---\nslug: /guides/first\n---\n\n# Third guide\n\nNew.\n');
  assert.deepEqual(duplicate((await save('guides/3-third.md')).warnings), ['content/docs/guides/3-third.md']);
  assert.equal(routes('docs/guides').includes('third') || inSidebar(), false, 'the doc is left out');
  assert.match(page('docs/guides/first'), /<h1>First guide<\/h1>/);
  // A save of another doc: the places are the last build's, and so is the warning.
  const first = join(docs, 'guides/1-first.md');
  writeFileSync(first, readFileSync(first, 'utf8').replace('# First guide', '# First guide\n\nAn edit.'));
  assert.deepEqual(duplicate((await save('guides/1-first.md')).warnings), ['content/docs/guides/3-third.md']);
  assert.equal(inSidebar(), false);
  writeFileSync(third, '# Third guide\n\nNew.\n');
  assert.deepEqual(duplicate((await save('guides/3-third.md')).warnings), []);
  assert.ok(routes('docs/guides').includes('third') && inSidebar(), 'published again');
});

test('a save that fails on a doc\'s front matter after reading another edited doc shows both edits once fixed', async () => {
  const { docs, save, page } = await watchedSite();
  const first = join(docs, 'guides/1-first.md');
  const second = join(docs, 'guides/2-second.md');
  // Read in file order: the first doc's edit is read (and kept by the docs' memo) before the second fails.
  writeFileSync(first, readFileSync(first, 'utf8').replace('# First guide', '# First guide\n\nRead before the failure.'));
  const secondText = readFileSync(second, 'utf8');
  writeFileSync(second, secondText.replace('---\n\n#', '\n# Second guide'));
  await assert.rejects(save('guides/1-first.md', 'guides/2-second.md'), /2-second\.md/);
  writeFileSync(second, secondText.replace('## Deep section', '## Deep section\n\nFixed.'));
  await save('guides/2-second.md');
  assert.match(page('docs/guides/first'), /Read before the failure\./);
  assert.match(page('docs/guides/second'), /Fixed\./);
  // A later save of another doc keeps both.
  writeFileSync(first, readFileSync(first, 'utf8').replace('Read before the failure.', 'Edited again.'));
  await save('guides/1-first.md');
  assert.match(page('docs/guides/first'), /Edited again\./);
  assert.match(page('docs/guides/second'), /Fixed\./);
});

test('a save the watcher tells of reads the docs it names, and walks the folder only when one could be new', async () => {
  const { docs, save, page, routes } = await watchedSite();
  // Both files change, the watcher tells of one: the build trusts it and reads no other file.
  writeFileSync(join(docs, 'guides/1-first.md'), readFileSync(join(docs, 'guides/1-first.md'), 'utf8').replace('# First guide', '# First guide\n\nFirst edit.'));
  writeFileSync(join(docs, 'guides/2-second.md'), readFileSync(join(docs, 'guides/2-second.md'), 'utf8').replace('## Deep section', '## Deep section\n\nSecond edit.'));
  await save('guides/2-second.md');
  assert.match(page('docs/guides/second'), /Second edit\./);
  assert.doesNotMatch(page('docs/guides/first'), /First edit\./, 'a file the watcher did not name is not read');
  await save('guides/1-first.md', 'guides/.1-first.md.swp');
  assert.match(page('docs/guides/first'), /First edit\./, 'an editor\'s temporary file beside it changes nothing');

  // A doc added, renamed, removed; a folder of docs added and removed; a category file edited.
  writeFileSync(join(docs, 'guides/3-third.md'), '# Third guide\n\nNew.\n');
  await save('guides/3-third.md');
  assert.match(page('docs/guides/third'), /<h1>Third guide<\/h1>/);
  renameSync(join(docs, 'guides/3-third.md'), join(docs, 'guides/3-fourth.md'));
  await save('guides/3-third.md', 'guides/3-fourth.md');
  assert.match(page('docs/guides/fourth'), /<h1>Third guide<\/h1>/);
  assert.equal(routes('docs/guides').includes('third'), false, 'the old route is gone');
  rmSync(join(docs, 'guides/3-fourth.md'));
  await save('guides/3-fourth.md');
  assert.equal(routes('docs/guides').includes('fourth'), false);
  mkdirSync(join(docs, 'more'));
  writeFileSync(join(docs, 'more/one.md'), '# One more\n\nText.\n');
  await save('more', 'more/one.md');
  assert.match(page('docs/more/one'), /<h1>One more<\/h1>/);
  // Told only of the folder, as a watcher may tell of a folder removed with what it held.
  rmSync(join(docs, 'more'), { recursive: true });
  await save('more');
  assert.equal(routes('docs').includes('more'), false, 'the removed folder\'s page is gone');
  const category = join(docs, 'guides/_category_.yml');
  writeFileSync(category, readFileSync(category, 'utf8').replace('label: Guides', 'label: Walkthroughs').replace('  type: generated-index', '  type: generated-index\n  slug: /category/guides'));
  await save('guides/_category_.yml');
  assert.match(page('docs/guides/second'), /Walkthroughs/);
});

test('a stylesheet or client change re-renders no page, yet every page links the new file', async () => {
  const root = generatorCopy();
  const { outDir, build } = await incrementalSite(root);
  await build();
  const stylesheet = () => /<link rel="stylesheet" href="([^"]+)"/.exec(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'))?.[1];
  const before = stylesheet();
  writeFileSync(join(root, 'assets/css/base.css'), `${readFileSync(join(root, 'assets/css/base.css'), 'utf8')}\n.changed { color: red; }\n`);
  const edited = await build();
  assert.equal(edited.pagesRendered, 0);
  assert.notEqual(stylesheet(), before);
  assert.match(readFileSync(join(outDir, stylesheet()?.slice(1) ?? ''), 'utf8'), /\.changed\{color:red\}/);
});

test('the cache keeps no copy of the pages but their files: a stylesheet change fills each from its file, and one edited or removed there is made whole again', async () => {
  const root = generatorCopy();
  const { site, outDir, cache, build } = await incrementalSite(root);
  await build();
  assert.equal(cache.pageStore.bytes, 0, 'the first build keeps no page in the cache\'s file');
  const pageAt = (dir: string, route: string) => readFileSync(join(dir, route, 'index.html'), 'utf8');
  // Changed in the output folder since it was written: the same length, the same asset URLs.
  const edited = join(outDir, 'docs/guides/second/index.html');
  writeFileSync(edited, readFileSync(edited, 'utf8').replace('Second guide', 'Secant guide'));
  rmSync(join(outDir, 'docs/guides/first/index.html'));
  writeFileSync(join(root, 'assets/css/base.css'), `${readFileSync(join(root, 'assets/css/base.css'), 'utf8')}\n.changed { color: red; }\n`);
  const again = await build();
  assert.equal(again.pagesRendered, 0);
  assert.equal(cache.pageStore.bytes, 0);
  // Every page as a build from nothing writes it, the one removed too.
  const fresh = join(tempDir(), 'dist');
  await buildSite({ root, siteDir: site, outDir: fresh, cache: new BuildCache() });
  for (const route of ['docs/guides/first', 'docs/guides/second', 'docs/tags/lora', '']) assert.equal(pageAt(outDir, route), pageAt(fresh, route), route || '/');
});

test('a build after the output folder was removed writes the whole site again, its pages as a build from nothing writes them', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  rmSync(outDir, { recursive: true });
  const file = join(site, 'content/docs/guides/2-second.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('## Deep section', '## Deep section\n\nWritten after the folder went.'));
  await build();
  const fresh = join(tempDir(), 'dist');
  await buildSite({ root: ROOT, siteDir: site, outDir: fresh, cache: new BuildCache() });
  const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  assert.deepEqual(files(outDir), files(fresh));
  for (const route of ['docs/guides/first', 'docs/guides/second', '']) assert.equal(readFileSync(join(outDir, route, 'index.html'), 'utf8'), readFileSync(join(fresh, route, 'index.html'), 'utf8'), route || '/');
  assert.match(readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8'), /Written after the folder went\./);
});

test('a first build that fails while its pages are written leaves no folder behind, and the next one writes the site', async (t) => {
  const { outDir, build } = await incrementalSite();
  const { write } = SiteWriter.prototype;
  let writes = 0;
  t.mock.method(SiteWriter.prototype, 'write', function (this: SiteWriter, path: string, content: string | Uint8Array) {
    writes += 1;
    if (writes === 3) throw new Error('No space left on the disk.');
    write.call(this, path, content);
  });
  await assert.rejects(build(), /No space left/);
  assert.deepEqual(readdirSync(dirname(outDir)), [], 'the new folder is removed');
  t.mock.restoreAll();
  await build();
  assert.match(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'), /First guide/);
});

test('an image edited in place is checked and published anew: a new size shows, a script is refused', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const image = join(site, 'content/docs/guides/diagram.svg');
  const page = () => readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8');
  assert.match(page(), /width="200" height="100"/);
  writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><rect width="300" height="150" fill="#ccc"/></svg>');
  await build();
  assert.match(page(), /width="300" height="150"/);
  const src = /<img[^>]* src="([^"]+diagram[^"]*)"/.exec(page())?.[1];
  assert.match(readFileSync(join(outDir, src?.slice(1) ?? ''), 'utf8'), /width="300"/);
  writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><script>alert(1)</script></svg>');
  await assert.rejects(build(), /diagram\.svg/);
});

test('a doc\'s "Last updated" date follows its file\'s modification time, its text unchanged', async () => {
  const { site, outDir, build } = await incrementalSite();
  const file = join(site, 'content/docs/guides/1-first.md');
  const page = () => readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8');
  // Outside git, a doc's date is its file's modification time.
  utimesSync(file, new Date('2024-03-05T12:00:00Z'), new Date('2024-03-05T12:00:00Z'));
  await build(true);
  assert.match(page(), /<time datetime="2024-03-05/);
  utimesSync(file, new Date('2025-07-09T12:00:00Z'), new Date('2025-07-09T12:00:00Z'));
  const touched = await build(true);
  assert.match(page(), /<time datetime="2025-07-09/);
  assert.equal(touched.pagesRendered, 1, 'the page of the touched file alone');
});

test('a second save of the same size within the file system\'s time resolution still shows', async () => {
  const { site, outDir, build } = await incrementalSite();
  const file = join(site, 'content/docs/guides/2-second.md');
  const original = readFileSync(file, 'utf8');
  // One time in whole seconds for both saves, as such a file system keeps them; set a minute ahead,
  // so that however long a busy machine takes to reach the first read, the file counts as just modified.
  const second = Math.ceil(Date.now() / 1000) + 60;
  writeFileSync(file, original.replace('## Deep section', '## Deep section\n\nFirst save.'));
  utimesSync(file, second, second);
  await build(true);
  const page = () => readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8');
  assert.match(page(), /First save\./);
  // Same size, within the same second.
  writeFileSync(file, original.replace('## Deep section', '## Deep section\n\nLater save.'));
  utimesSync(file, second, second);
  await build(true);
  assert.match(page(), /Later save\./);
});

test('the search index follows what a save changes in a category page, whose section it indexes', async () => {
  const { site, outDir, build } = await incrementalSite();
  await build();
  const indexOf = () => /data-search-index="([^"]+)"/.exec(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'))?.[1];
  const before = indexOf();
  const category = join(site, 'content/docs/guides/_category_.yml');
  writeFileSync(category, readFileSync(category, 'utf8').replace('Guides that walk through a whole task.', 'Guides that walk through one whole task.'));
  const edited = await build();
  assert.equal(edited.docsTransformed, 0);
  assert.ok(before && indexOf() && indexOf() !== before, 'a new index, named by what it is made from');
});

test('pages whose only change is the search index\'s name are written between builds; a save meanwhile is written at once', async (t) => {
  const { site, outDir, cache, build } = await incrementalSite();
  // As the build worker runs them (lib/dev/build-worker.ts), but the later writes' turns wait here until run.
  let queue = Promise.resolve();
  let upToDate = () => undefined as void;
  cache.searchUpdates = new SearchUpdates((task) => {
    queue = queue.then(task);
  }, (ready) => keepReadyIndex(cache, ready), () => upToDate(), (error) => assert.fail(String(error)));
  t.after(() => cache.searchUpdates?.stop());
  const turns: (() => void)[] = [];
  let written = 0;
  cache.laterWrites = new LaterWrites((task) => turns.push(task), () => { written += 1; });
  await build(true);
  const indexOf = (route: string) => /data-search-index="([^"]+)"/.exec(readFileSync(join(outDir, route, 'index.html'), 'utf8'))?.[1];
  const firstIndex = indexOf('docs/guides/first');
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(site, path), change(readFileSync(join(site, path), 'utf8')));

  edit('content/docs/guides/2-second.md', (text) => text.replace('## Deep section', '## Deep section\n\nA new searchable word: zanzibar.'));
  const ready = new Promise<void>((resolve) => { upToDate = resolve; });
  await build(true);
  await ready;
  await queue;
  // The build that fills the pages with the new index's name hands them over instead of writing them.
  await build(true);
  assert.ok(cache.laterWrites.waiting > 0);
  assert.equal(indexOf('docs/guides/first'), firstIndex, 'not yet written');
  const newIndex = /search-index\.[\w-]+\.json/.exec(readdirSync(join(outDir, 'assets/search')).filter((name) => !firstIndex?.endsWith(name)).join(' '))?.[0];
  assert.ok(newIndex && readFileSync(join(outDir, 'assets/search', newIndex), 'utf8'), 'the new index is in the output folder');
  assert.ok(readFileSync(join(outDir, firstIndex?.slice(1) ?? ''), 'utf8'), 'the index the waiting pages link stays');

  // A save meanwhile: its page is written at once, with the newest index; the others still wait.
  edit('content/docs/guides/1-first.md', (text) => text.replace('# First guide', '# First guide\n\nEdited meanwhile.'));
  const itsIndex = new Promise<void>((resolve) => { upToDate = resolve; });
  await build(true);
  assert.match(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'), /Edited meanwhile\./);
  assert.ok(indexOf('docs/guides/first')?.endsWith(newIndex));
  assert.equal(indexOf('docs/guides/second'), firstIndex);
  while (turns.length > 0) turns.shift()?.();
  assert.equal(written, 1, 'done once, when the last page is written');
  assert.equal(cache.laterWrites.waiting, 0);
  for (const route of ['docs/guides/second', 'docs/tags/lora', '']) assert.ok(indexOf(route)?.endsWith(newIndex), `${route || '/'} links the new index`);
  // What was written is noted: the next build writes none of them again.
  const second = statSync(join(outDir, 'docs/guides/second/index.html')).ino;
  const again = await build(true);
  assert.equal(again.pagesRendered, 0);
  assert.equal(cache.laterWrites.waiting, 0, 'no page handed over again');
  assert.equal(statSync(join(outDir, 'docs/guides/second/index.html')).ino, second);
  // The index that save wants, built meanwhile in the helper thread, ends before the test.
  await itsIndex;
  await queue;
});
