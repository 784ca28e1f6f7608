// The docs for tools and followers: each doc's markdown twin (index.md), /llms-full.txt, the
// changelog's anchors and feeds, "Edit this page", "Last updated" and the link-preview image.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Marked } from 'marked';
import { formattedPattern } from '../helpers/formatted.ts';
import { buildError, buildInto, fixtureWith, ROOT } from '../helpers/site.ts';

const { outDir } = await buildInto(ROOT);
const read = (path: string) => readFileSync(join(outDir, path), 'utf8');
const sitemap = read('sitemap.xml');
const docRoutes = [...sitemap.matchAll(/<loc>https:\/\/[^/]+(\/docs\/[^<]*)<\/loc>/g)].map((match) => match[1] ?? '')
  .filter((route) => !route.startsWith('/docs/tags/') && !route.startsWith('/docs/category/'));

/** The headings a reader sees in the page's content column: level and text. */
function pageHeadings(html: string): string[] {
  const content = /<div class="markdown">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
  return [...content.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) => `${match[1]} ${text(match[2] ?? '')}`);
}

function text(html: string): string {
  return html.replace(/<a class="hash-link"[\s\S]*?<\/a>/g, '').replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim();
}

/** The headings of a markdown text, as marked reads them. */
function markdownHeadings(markdown: string): string[] {
  const marked = new Marked();
  const found: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'heading') found.push(`${token.depth} ${text(marked.parseInline(token.text) as string)}`);
  });
  return found;
}

test('every doc page has a markdown twin at index.md whose headings are the page\'s, linked from the page head', () => {
  assert.ok(docRoutes.length >= 45, `${docRoutes.length} doc routes`);
  for (const route of docRoutes) {
    const html = read(`${route.slice(1)}index.html`);
    const markdown = read(`${route.slice(1)}index.md`);
    assert.deepEqual(markdownHeadings(markdown), pageHeadings(html), route);
    assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="${route}index.md"`), `${route}: head link`);
    // The formatter may break the line at a space of the markup: found by the pattern that allows it.
    assert.match(html, formattedPattern(`<a class="doc-actions__view" href="${route}index.md" type="text/markdown">View as markdown</a>`), `${route}: view link`);
  }
});

test('the twins are clean markdown: directives expanded, code options dropped, every link absolute', () => {
  for (const route of docRoutes) {
    const markdown = read(`${route.slice(1)}index.md`);
    assert.doesNotMatch(markdown, /^:{2,}/m, `${route}: directive left`);
    assert.doesNotMatch(markdown, /^```.*\btab=/m, `${route}: tab option left`);
    assert.doesNotMatch(markdown, /^---\n/, `${route}: front matter left`);
    assert.doesNotMatch(markdown, /\{#[\w-]+\}\s*$/m, `${route}: explicit heading id left`);
    for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)/g)) assert.match(target ?? '', /^(https?:|mailto:)/, `${route}: link ${target}`);
  }
  const create = read('docs/api/tune/create/index.md');
  assert.match(create, /^\*\*POST\*\* `\/tunes`$/m, 'the operation block names method and path');
  assert.match(create, /^\| `tune\[name\]` \(required\) \| string \| .+ \|$/m, 'parameters as a table');
  assert.match(create, /^```bash\ncurl -X POST "https:\/\/api\.example\.com\/tunes"/m, 'the cURL sample');
  assert.match(create, /^```python\n/m);
  assert.match(create, /^> \*\*Info: Consider packs first\*\*$/m, 'the admonition as a block quote');
});

test('/llms-full.txt holds every doc\'s markdown once, in the order of /llms.txt', () => {
  const full = read('llms-full.txt');
  const index = read('llms.txt');
  const order = [...index.matchAll(/^- \[[^\]]+\]\(https:\/\/[^/]+(\/[^)]*)\)/gm)].map((match) => match[1] ?? '').filter((route) => docRoutes.includes(route));
  const sources = [...full.matchAll(/^Source: https:\/\/[^/]+(\/\S*)$/gm)].map((match) => match[1] ?? '');
  assert.deepEqual(sources, order);
  assert.deepEqual([...sources].sort(), [...docRoutes].sort());
  for (const route of ['/docs/api/tune/create/', '/docs/features/lora/']) {
    assert.ok(full.includes(read(`${route.slice(1)}index.md`)), `${route} whole`);
  }
});

test('the changelog publishes Atom and JSON feeds of its entries, linked from the page and its head', () => {
  const html = read('docs/changes/index.html');
  assert.ok(html.includes('<link rel="alternate" type="application/atom+xml" href="/docs/changes/atom.xml"'));
  assert.ok(html.includes('<link rel="alternate" type="application/feed+json" href="/docs/changes/feed.json"'));
  assert.match(html, /<p class="feed-links">[^<]*<a href="\/docs\/changes\/atom\.xml"[^>]*>Atom feed<\/a> · <a href="\/docs\/changes\/feed\.json"/);
  const ids = [...html.matchAll(/<li id="(change-[^"]+)"/g)].map((match) => match[1]);
  const feed = JSON.parse(read('docs/changes/feed.json')) as { version: string; items: { id: string; url: string; title: string; content_html: string; date_published: string }[] };
  assert.equal(feed.version, 'https://jsonfeed.org/version/1.1');
  assert.deepEqual(feed.items.map((item) => item.url), ids.map((id) => `https://docs.example.com/docs/changes/#${id}`));
  for (const item of feed.items) {
    assert.match(item.date_published, /^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    assert.ok(item.title.length > 10 && item.title.length <= 101, item.title);
    assert.doesNotMatch(item.content_html, /href="\//, 'links are absolute');
  }
  const atom = read('docs/changes/atom.xml');
  assert.equal([...atom.matchAll(/<entry>/g)].length, ids.length);
  assert.equal(existsSync(join(outDir, 'docs/api/overview/atom.xml')), false, 'only changelogs have feeds');
});

const changelog = (entries: string) => fixtureWith({ 'content/docs/0-changes.md': `---\ntitle: Changes\nchangelog: true\n---\n\n# Changes\n\n${entries}` });

test('a changelog date that is not a real day fails the build at its line', async () => {
  const message = await buildError(changelog('- **2025-03-01** — Third.\n- **2025-02-30** — Second.\n'));
  assert.match(message, /content\/docs\/0-changes\.md:9/);
  assert.match(message, /"2025-02-30" is not a valid date/);
});

test('changelog entries out of order fail the build at the line of the misplaced one', async () => {
  const message = await buildError(changelog('- **2025-01-01** — Older.\n- **2025-01-05** — Newer.\n'));
  assert.match(message, /content\/docs\/0-changes\.md:9/);
  assert.match(message, /2025-01-05 comes after the one of 2025-01-01 \(line 8\)/);
  assert.match(await buildError(changelog('- **2025-01-05** — Dated.\n- Undated.\n')), /0-changes\.md:9[\s\S]*does not start with its date/);
});

test('changelog anchors stay put when entries are added: a second entry on one day is counted from the oldest', async () => {
  const { outDir: out } = await buildInto(changelog('- **2025-01-05** — Newest.\n- **2025-01-05** — Earlier that day.\n- **2025-01-01** — First.\n'));
  const html = readFileSync(join(out, 'docs/changes/index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/<li id="([^"]+)"/g)].map((match) => match[1]), ['change-2025-01-05-2', 'change-2025-01-05', 'change-2025-01-01']);
});

test('"Edit this page" links to the doc\'s source when site.yml names a repository, and is absent otherwise', async () => {
  const site = fixtureWith();
  const config = readFileSync(join(site, 'content/site.yml'), 'utf8').replace(/^docs:\n/m, 'docs:\n  editUrl: https://git.example.com/team/docs/edit/main\n');
  const withEdit = fixtureWith({ 'content/site.yml': config });
  const { outDir: out } = await buildInto(withEdit);
  const html = readFileSync(join(out, 'docs/guides/first/index.html'), 'utf8');
  assert.match(html, formattedPattern('<a class="doc-meta__edit" href="https://git.example.com/team/docs/edit/main/content/docs/guides/1-first.md" target="_blank" rel="noopener noreferrer">Edit this page</a>'));
  const { outDir: plain } = await buildInto(site);
  assert.doesNotMatch(readFileSync(join(plain, 'docs/guides/first/index.html'), 'utf8'), /Edit this page/);
});

test('"Last updated" is the file time outside a git checkout and the last commit\'s date inside one', async () => {
  const site = fixtureWith();
  utimesSync(join(site, 'content/docs/guides/1-first.md'), new Date('2024-05-06T10:00:00Z'), new Date('2024-05-06T10:00:00Z'));
  const { outDir: out } = await buildInto(site);
  assert.match(readFileSync(join(out, 'docs/guides/first/index.html'), 'utf8'), formattedPattern('Last updated on <time datetime="2024-05-06">May 6, 2024</time>'));

  const file = 'content/docs/api/0-tune/1-create.md';
  const seconds = spawnSync('git', ['log', '-1', '--format=%at', '--', file], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  assert.ok(seconds, 'the real content is in git');
  const day = new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
  assert.match(read('docs/api/tune/create/index.html'), formattedPattern(`Last updated on <time datetime="${day}">`), day);
});

test('every page names the link-preview image with its absolute URL and size', () => {
  for (const route of ['/', '/docs/changes/', '/docs/api/tune/create/', '/docs/tags/']) {
    const html = read(`${route.slice(1)}index.html`);
    const image = /<meta property="og:image" content="https:\/\/docs\.example\.com(\/assets\/images\/og-default\.[0-9a-f]+\.png)"/.exec(html)?.[1];
    assert.ok(image && existsSync(join(outDir, image)), `${route}: ${image}`);
    assert.ok(html.includes('<meta property="og:image:width" content="1200"/>') || html.includes('<meta property="og:image:width" content="1200">'), route);
    assert.match(html, /<meta property="og:image:height" content="630"/);
    assert.match(html, /<meta property="og:image:alt" content="[^"]+"/);
    assert.match(html, /<meta name="twitter:card" content="summary_large_image"/);
  }
});
