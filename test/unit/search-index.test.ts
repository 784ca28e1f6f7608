// The search index: sections and anchors from rendered pages, tags, text as text, one file or
// shards with the same answers, and the real site's queries, first-query weight and query time.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { SearchEngine } from '../../client/search/engine.ts';
import { indexInMemory, measureSearch } from '../../bench/search-figures.ts';
import { buildSearchIndex } from '../../lib/assets/search/build-index.ts';
import { INDEXING_SOURCES } from '../../lib/assets/search/index-job.ts';
import type { SearchManifest } from '../../common/search.ts';
import { excerptOf, htmlToText, pageSections, type SearchSection } from '../../lib/assets/search/sections.ts';
import { buildInto, fixtureWith, ROOT } from '../helpers/site.ts';

const PAGE_HTML = `<h1>Tunes</h1>
<p>A tune is a <strong>fine-tuned</strong> model &amp; its <code>tune_id</code>.</p>
<h2 id="create" class="anchor">Create a tune<a class="hash-link" href="#create" aria-label="Direct link to Create a tune">\u200b</a></h2>
<p>Send the photos.</p>
<div class="code-block"><pre class="code-block__pre"><code>curl -X POST secretcodeword</code></pre></div>
<h3 id="callbacks" class="anchor">Callbacks &lt;img src=x onerror=alert(1)&gt;</h3>
<ul><li>One POST when training ends.</li></ul>
<h4 id="retries">Retries</h4>
<p>Three attempts.</p>
<h2 id="delete" class="anchor">Delete a tune</h2>
<table><tr><td>tune_id</td><td>integer</td></tr></table>`;

test('a page becomes its top section plus one section per h2/h3, each with its anchor', () => {
  const sections = pageSections({ title: 'Tunes', description: 'What a tune is.', url: '/docs/tunes/', html: PAGE_HTML, tags: ['Fine-tuning', 'API'], keywords: ['model training', 'custom model'] });
  assert.deepEqual(sections.map((s) => [s.url, s.heading]), [
    ['/docs/tunes/', ''],
    ['/docs/tunes/#create', 'Create a tune'],
    ['/docs/tunes/#callbacks', 'Callbacks <img src=x onerror=alert(1)>'],
    ['/docs/tunes/#delete', 'Delete a tune'],
  ]);
  const [top, create, callbacks, remove] = sections as [SearchSection, SearchSection, SearchSection, SearchSection];
  assert.equal(top.title, 'Tunes');
  assert.equal(top.tags, 'Fine-tuning API', 'page tags go on the page entry');
  assert.equal(top.description, 'What a tune is.', 'the description goes on the page entry');
  assert.equal(create.description, undefined);
  assert.equal(top.keywords, 'model training, custom model', 'the keywords go on the page entry');
  assert.equal(create.keywords, undefined);
  assert.equal(top.text, 'A tune is a fine-tuned model & its tune_id.', 'inline markup removed, entities decoded');
  assert.equal(create.title, '');
  assert.equal(create.page, 'Tunes', 'sections carry the page title for multi-word queries');
  assert.equal(create.tags, '');
  assert.doesNotMatch(create.text, /secretcodeword/, 'code blocks are not indexed');
  assert.doesNotMatch(create.heading, /\u200b|Direct link/, 'the heading anchor link is not part of the heading');
  assert.equal(callbacks.text, 'One POST when training ends. Retries Three attempts.', 'h4 text stays in its h3 section');
  assert.equal(remove.text, 'tune_id integer');
});

test('text helpers: visible text only and short excerpts cut at a word', () => {
  assert.equal(htmlToText('<p>a&nbsp;b &#x3C;c&#62; &unknown;</p>'), 'a b <c> &unknown;');
  // Every run of whitespace or zero-width spaces is one space, a single tab, newline or zero-width space too.
  assert.equal(htmlToText(' one\ttwo\nthree\u200bfour \u200b five  six\u00a0seven '), 'one two three four five six seven');
  const long = 'word '.repeat(60).trim();
  const excerpt = excerptOf(long);
  assert.ok(excerpt.length <= 111 && excerpt.endsWith('word…'), excerpt);
  assert.equal(excerptOf('short text'), 'short text');
});

function memoryFetcher(files: Map<string, string>, fetched: string[] = []) {
  return async (url: string) => {
    fetched.push(url);
    const text = files.get(url);
    if (text === undefined) throw new Error(`missing ${url}`);
    return JSON.parse(text) as unknown;
  };
}

function sampleSections(count: number): SearchSection[] {
  const topics = ['lora', 'outpainting', 'webhook', 'inpainting', 'upscale', 'faceid', 'controlnet', 'prompt'];
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length] ?? '';
    return {
      title: i % 4 === 0 ? `Page ${topic} ${i}` : '', heading: i % 4 === 0 ? '' : `Section ${topic} ${i}`, page: `Page ${topic}`,
      text: `Text about ${topic} number ${i} with words alpha${i % 13} beta${i % 7} <script>alert(${i})</script>`,
      tags: i % 4 === 0 ? 'Tag' : '', pageTitle: `Page ${topic}`, url: `/docs/p${i}/${i % 4 ? `#s${i}` : ''}`,
    };
  });
}

test('a small index is one file; a large one is a manifest with shards that answer the same', async () => {
  const sections = sampleSections(400);
  const single = indexInMemory(sections);
  assert.equal(single.built.files, 1);
  const one = await SearchEngine.open(single.built.url, memoryFetcher(single.files));
  // With a lengths file (the small site's form) and without (a large site's, whose postings carry
  // their sections' lengths and places), shards inline and in tables; common words' heads only, or
  // the whole.
  const forms = [
    { limits: { singleFileBytes: 1000, termShardBytes: 20_000, docShardBytes: 1500 }, lengthsFile: true },
    { limits: { singleFileBytes: 1000, termShardBytes: 4000, docShardBytes: 1500, termHeadBytes: 1e9, tableRefs: 3 }, lengthsFile: false },
    { limits: { singleFileBytes: 1000, termShardBytes: 4000, docShardBytes: 1500, termHeadBytes: 1000, tableRefs: 3 }, lengthsFile: false, split: true },
  ];
  for (const { limits, lengthsFile, split } of forms) {
    const shardedFiles = new Map<string, string>();
    const sharded = buildSearchIndex(sections, (name, content) => {
      const url = `/s/${name}-${shardedFiles.size}`;
      shardedFiles.set(url, content);
      return url;
    }, { limits });
    assert.ok(sharded.files > 6, `${sharded.files} files`);
    assert.equal(sharded.files, shardedFiles.size);
    const manifest = JSON.parse(shardedFiles.get(sharded.url) ?? '') as SearchManifest;
    assert.equal(manifest.lengthsUrl !== undefined, lengthsFile);
    assert.equal(manifest.pages !== undefined, lengthsFile);
    if (limits.tableRefs) assert.ok(manifest.termTables && manifest.docTables && !manifest.termShards && !manifest.docShards, 'shards listed in tables');
    const tails = [...shardedFiles.keys()].filter((url) => url.includes('search-postings'));
    assert.equal(tails.length > 0, split === true, `${tails.length} tail files`);
    const fetched: string[] = [];
    const whole = await SearchEngine.open(sharded.url, memoryFetcher(shardedFiles, fetched), { allPostings: true });
    const heads = await SearchEngine.open(sharded.url, memoryFetcher(shardedFiles));
    for (const query of ['lora', 'outpaint', 'webhok', 'section inpainting', 'alpha3 beta2', 'tag', 'zzz', '<script>']) {
      const expected = await one.search(query, 10);
      assert.deepEqual(await whole.search(query, 10), expected, `${query}, ${JSON.stringify(limits)}`);
      if (!split) assert.deepEqual(await heads.search(query, 10), expected, `${query}, ${JSON.stringify(limits)}, heads`);
    }
    assert.ok(fetched.length < shardedFiles.size, `a query fetches only some shards (${fetched.length} of ${shardedFiles.size})`);
  }
});

test('results keep markup as text, and odd queries answer quietly', async () => {
  const { built, files } = indexInMemory(sampleSections(40));
  const engine = await SearchEngine.open(built.url, memoryFetcher(files));
  const { hits } = await engine.search('script alert', 3);
  assert.ok(hits.length > 0);
  assert.ok(hits.every((hit) => hit.excerpt.includes('<script>alert(')), 'the stored excerpt is the literal text, rendered by the client as text');
  for (const query of ['', ' ', '.', '?!', '"', 'a', 'the', '\\', '((', '*'.repeat(500), 'x'.repeat(2000)]) {
    const result = await engine.search(query, 8);
    assert.ok(Array.isArray(result.hits), query);
  }
  assert.deepEqual(await engine.search('?!.', 8), { hits: [], total: 0 });
});

test('tags are searchable on the page entry', async () => {
  const site = fixtureWith({
    'content/docs/tagged.md': '---\ntitle: Tagged page\ntags: [Zebrafish]\n---\n\nSome text.\n\n## Part two\n\nMore.\n',
  });
  const { outDir } = await buildInto(site);
  const files = new Map(readdirSync(join(outDir, 'assets/search')).map((name) => [`/assets/search/${name}`, readFileSync(join(outDir, 'assets/search', name), 'utf8')]));
  const indexUrl = /data-search-index="([^"]+)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1] ?? '';
  const engine = await SearchEngine.open(indexUrl, memoryFetcher(files));
  const { hits } = await engine.search('zebrafish', 5);
  assert.equal(hits[0]?.url, '/docs/tagged/');
});

test('keywords: searchable on the page entry, listed in the page head, escaped', async () => {
  const site = fixtureWith({
    'content/docs/kept.md': '---\ntitle: Kept page\nkeywords: [Zebrafish care, "<b>bold</b> & co"]\n---\n\nSome text.\n\n## Part two\n\nMore.\n',
  });
  const { outDir } = await buildInto(site);
  const html = readFileSync(join(outDir, 'docs/kept/index.html'), 'utf8');
  assert.match(html, /<meta name="keywords" content="Zebrafish care, &lt;b&gt;bold&lt;\/b&gt; &amp; co"\/>/);
  assert.doesNotMatch(readFileSync(join(outDir, 'docs/guides/first/index.html'), 'utf8'), /name="keywords"/, 'no keywords, no tag');
  const files = new Map(readdirSync(join(outDir, 'assets/search')).map((name) => [`/assets/search/${name}`, readFileSync(join(outDir, 'assets/search', name), 'utf8')]));
  const indexUrl = /data-search-index="([^"]+)"/.exec(html)?.[1] ?? '';
  const engine = await SearchEngine.open(indexUrl, memoryFetcher(files));
  const { hits } = await engine.search('zebrafish', 5);
  assert.equal(hits[0]?.url, '/docs/kept/', 'found by a word only its keywords have');
});

test('the real site: expected pages in the first three results, first query under 100 KB gzipped', async () => {
  const { outDir } = await buildInto(ROOT);
  const searchDir = join(outDir, 'assets/search');
  const files = new Map(readdirSync(searchDir).map((name) => [`/assets/search/${name}`, readFileSync(join(searchDir, name), 'utf8')]));
  const html = readFileSync(join(outDir, 'docs/features/lora/index.html'), 'utf8');
  const indexUrl = /data-search-index="([^"]+)"/.exec(html)?.[1] ?? '';
  const scriptUrl = /data-search-script="([^"]+)"/.exec(html)?.[1] ?? '';
  assert.ok(files.has(indexUrl), 'pages link the index by its hashed name');
  assert.doesNotMatch(html, /<script[^>]+search\./, 'no page loads the search code up front');
  const engine = await SearchEngine.open(indexUrl, memoryFetcher(files));
  const expected: [string, string][] = [
    ['lora', '/docs/features/lora/'],
    ['outpainting', '/docs/features/outpainting/'],
    ['webhook', '/docs/api/overview/#callbacks'],
    ['callback', '#callbacks'],
    ['delete tune', '/docs/api/tune/delete/'],
    ['inpainting', 'inpainting'],
  ];
  for (const [query, url] of expected) {
    const { hits } = await engine.search(query, 3);
    assert.ok(hits.some((hit) => hit.url.includes(url)), `${query}: ${hits.map((hit) => hit.url).join(', ')}`);
  }
  const codeGzip = gzipSync(readFileSync(join(outDir, scriptUrl.slice(1)))).length;
  const figures = await measureSearch(indexUrl, files, codeGzip);
  const heaviest = Math.max(...figures.firstQueries.map((q) => q.gzipBytes));
  console.log(`search (real site): index ${(figures.indexGzipBytes / 1024).toFixed(1)} KB gzipped in ${figures.indexFiles} files; ` +
    `first query ≤ ${(heaviest / 1024).toFixed(1)} KB gzipped with the search code; median query ${figures.medianQueryMs.toFixed(2)} ms`);
  assert.ok(heaviest <= 100 * 1024, `first query ${heaviest} bytes`);
});

test('term shards are cut where the words\' first two letters change, and come before the manifest', () => {
  const terms: string[][] = [];
  const order: string[] = [];
  buildSearchIndex(sampleSections(400), (name, content) => {
    order.push(name);
    if (name === 'search-terms.json') terms.push((JSON.parse(content) as [string, unknown][]).map(([term]) => term));
    return `/s/${order.length}`;
  }, { limits: { singleFileBytes: 1000, termShardBytes: 3000, docShardBytes: 1500 } });
  assert.ok(terms.length > 4, `${terms.length} term shards`);
  for (let k = 1; k < terms.length; k += 1) {
    const last = terms[k - 1]?.at(-1) ?? '';
    const first = terms[k]?.[0] ?? '';
    assert.ok(last < first, `${last} < ${first}`);
    // Two letters in common only when no later cut in the shard had them change.
    const shard = terms[k - 1] ?? [];
    const prefix = first.slice(0, 2);
    if (last.slice(0, 2) === prefix) assert.ok(shard.slice(Math.ceil(shard.length / 4)).every((term) => term.startsWith(prefix)), `shard ${k} starts with ${first} after ${last}`);
  }
  // The doc shards as they fill (from the start here: the records alone are too big for one file),
  // then the term shards (each after the tails of its common words), and the manifest last (it
  // names the others).
  assert.equal(order.at(-1), 'search-index.json');
  const written = order.filter((name) => name !== 'search-postings.json');
  const firstTerms = written.indexOf('search-terms.json');
  assert.deepEqual(written.slice(firstTerms, firstTerms + terms.length), terms.map(() => 'search-terms.json'));
});

test('the index entry file\'s name digests every module of lib/assets/search/ that makes the index', () => {
  // A module left out would let its change ship an index whose files differ under the old name.
  const modules = readdirSync(join(ROOT, 'lib/assets/search')).filter((name) => name.endsWith('.ts') && name !== 'index-job.ts').map((name) => `lib/assets/search/${name}`);
  assert.deepEqual(modules.filter((path) => !INDEXING_SOURCES.includes(path)), []);
});
