// Bad input: each case is the basic fixture with one file replaced or added. The build either
// succeeds with correct output, or fails with a message that names the file (relative to the
// site), the line and what to do, and leaves the previous dist/ exactly as it was.
// The small cases live in test/fixtures/bad-input/<case>/, holding only the files they change;
// the large or binary ones (5 MB page, non-UTF-8 bytes, 200-level list) are generated here.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { badInputHarness, CASES, caseSite, pageBody } from '../helpers/bad-input.ts';
import { snapshot } from '../helpers/output-files.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';

const { failure } = await badInputHarness();

test('invalid YAML front matter fails at its line', async () => {
  const message = await failure(caseSite('invalid-front-matter'));
  assert.equal(message, 'content/docs/guides/2-second.md:2: Invalid YAML: bad indentation of a mapping entry.\n'
    + '  → Fix the YAML syntax at this line (indentation, a missing colon, or an unquoted ":" in a value).');
});

test('a front matter value of the wrong type fails naming the key and its line', async () => {
  const message = await failure(caseSite('front-matter-type'));
  assert.equal(message, 'content/docs/guides/2-second.md:3: "sidebar_position" must be a number, but it is string "abc".\n'
    + '  → Change "sidebar_position" to a number.');
  const tags = await failure(fixtureWith({ 'content/docs/guides/2-second.md': '---\ntitle: Second\ntags: 5\n---\n# Second\n' }));
  assert.match(tags, /^content\/docs\/guides\/2-second\.md:3: "tags" must be a list of texts or of \{label, permalink\}, but it is number 5\./);
});

test('an unknown admonition type fails at its line and lists the known ones', async () => {
  const message = await failure(caseSite('unknown-admonition'));
  assert.equal(message, 'content/docs/guides/2-second.md:10: Unknown admonition type "hint" in ":::hint".\n'
    + '  → Use one of: note, tip, info, warning, danger, caution, important, secondary, success; a title goes in brackets or after a space, for example ":::tip[Good to know]". A type of the site\'s own is listed under "markdown: admonitions:" in content/site.yml.');
});

test('an admonition that is never closed fails at its opening line', async () => {
  const message = await failure(caseSite('unterminated-admonition'));
  assert.equal(message, 'content/docs/guides/2-second.md:10: The ":::note" admonition is never closed.\n'
    + '  → Add a line ":::" after its last line of content.');
});

test('a code fence that is never closed fails at its opening line', async () => {
  const message = await failure(caseSite('unterminated-code-fence'));
  assert.equal(message, 'content/docs/guides/2-second.md:10: The code block opened here with "```" is never closed.\n'
    + '  → Add a line "```" after the last line of code; without it, everything below shows as code.');
});

test('a broken link fails naming the file, the line and the target', async () => {
  const message = await failure(caseSite('broken-link'));
  assert.equal(message, 'content/docs/guides/2-second.md:10: Broken link to "/docs/guides/setup/": no page has this route.\n'
    + '  → Fix the path (routes end with "/"), or link to the page only once it exists.');
});

test('a link to a missing anchor on another page builds, with a warning at its file and line', async () => {
  const { result, outDir } = await buildInto(caseSite('broken-anchor'));
  assert.deepEqual(result.warnings, [{
    file: 'content/docs/guides/2-second.md',
    line: 10,
    message: 'Link to "/docs/guides/first/#missing": the page has no element with id "missing". '
      + 'Link to one of its heading ids, or give the heading that id with {#missing}.',
  }]);
  assert.match(pageBody(outDir, '/docs/guides/second/'), /<a href="\/docs\/guides\/first\/#missing">the missing part<\/a>/);
});

test('two files for one route build, with a warning at the slug line; the first file keeps the route', async () => {
  const { result, outDir } = await buildInto(caseSite('duplicate-route'));
  assert.deepEqual(result.warnings, [{
    file: 'content/docs/guides/3-duplicate.md',
    line: 3,
    message: 'Duplicate route "/docs/guides/first/": also produced by content/docs/guides/1-first.md; this one is ignored. '
      + 'Give one of them another slug or file name.',
  }]);
  assert.match(pageBody(outDir, '/docs/guides/first/'), /<h1>First guide<\/h1>/);
  // The file left out shows nowhere: not in the sidebar, the search index, the llms files or a markdown twin.
  for (const [path, content] of snapshot(outDir)) assert.doesNotMatch(content.toString('utf8'), /Duplicate|asks for the route/, path);
});

test('an id of a doc left out for its route names the page at that route; the id of the doc kept there too', async () => {
  const duplicate = readFileSync(join(CASES, 'duplicate-route/content/docs/guides/3-duplicate.md'), 'utf8');
  const { result, outDir } = await buildInto(fixtureWith({
    'content/docs/guides/3-duplicate.md': duplicate,
    'content/docs/guides/4-last.md': '---\npagination_prev: guides/duplicate\npagination_next: guides/first\n---\n\n# Last guide\n',
  }));
  assert.deepEqual(result.warnings.map((warning) => warning.file), ['content/docs/guides/3-duplicate.md']);
  const nav = /<nav class="pagination-nav"[\s\S]*?<\/nav>/.exec(readFileSync(join(outDir, 'docs/guides/last/index.html'), 'utf8'))?.[0] ?? '';
  const links = [...nav.matchAll(/href="([^"]+)"[\s\S]*?pagination-nav__label">([^<]+)</g)].map((match) => `${match[2]?.replace(/\s+/g, ' ')} ${match[1]}`);
  assert.deepEqual(links, ['First guide /docs/guides/first/', 'First guide /docs/guides/first/']);
});

test('a missing image fails naming the file, the line and the image', async () => {
  const message = await failure(caseSite('missing-image'));
  assert.equal(message, 'content/docs/guides/2-second.md:10: Image "./screenshot.png" not found.\n'
    + '  → Put the image file next to the page (the path is relative to the markdown file) or fix the path.');
});

test('an invalid _category_.json fails at the line of the syntax error', async () => {
  const message = await failure(caseSite('invalid-category-json'));
  assert.equal(message, 'content/docs/reference/_category_.json:4: Invalid JSON: Expected double-quoted property name.\n'
    + '  → Fix the JSON syntax (quotes around keys, no trailing comma).');
  // JSON that stops early is reported at its last line; an empty file at line 1.
  const truncated = await failure(fixtureWith({ 'content/docs/reference/_category_.json': '{\n  "label": "Reference",\n\n' }));
  assert.match(truncated, /^content\/docs\/reference\/_category_\.json:2: Invalid JSON: /);
  const empty = await failure(fixtureWith({ 'content/docs/reference/_category_.json': '' }));
  assert.match(empty, /^content\/docs\/reference\/_category_\.json:1: Invalid JSON: Unexpected end of JSON input\./);
});

test('an invalid site.yml fails at its line', async () => {
  const message = await failure(caseSite('invalid-site-yml'));
  assert.equal(message, 'content/site.yml:2: Invalid YAML: bad indentation of a mapping entry.\n'
    + '  → Fix the YAML syntax at this line (indentation, a missing colon, or an unquoted ":" in a value).');
});

test('a file that is not UTF-8 fails at the line of its first bad byte, asking for UTF-8', async () => {
  const site = fixtureWith();
  writeFileSync(join(site, 'content/docs/guides/3-latin-1.md'), Buffer.from('# Menu\n\nOrder a café au lait.\n', 'latin1'));
  const message = await failure(site);
  assert.equal(message, 'content/docs/guides/3-latin-1.md:3: The file is not UTF-8 text.\n'
    + '  → Save it as UTF-8 (in most editors: "Save with encoding" → UTF-8), then check its accented letters and symbols.');
  // The same for site.yml and category files.
  const config = fixtureWith();
  writeFileSync(join(config, 'content/site.yml'), Buffer.from(readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8').replace('Copyright ©', 'Copyright \u00a9'), 'latin1'));
  assert.match(await failure(config), /^content\/site\.yml:\d+: The file is not UTF-8 text\./);
});

test('an empty markdown file builds a page titled from its file name', async () => {
  const { result, outDir } = await buildInto(caseSite('empty-file'));
  assert.deepEqual(result.warnings, []);
  const html = readFileSync(join(outDir, 'docs/guides/empty/index.html'), 'utf8');
  assert.match(html, /<title>empty \| Fixture docs<\/title>/);
  assert.match(html, /<h1>empty<\/h1>/);
  assert.match(html, /<a href="\/docs\/guides\/empty\/" class="menu__link menu__link--active" aria-current="page">empty<\/a>/);
  assert.equal(pageBody(outDir, '/docs/guides/empty/').trim(), '');
});

test('a 5 MB markdown file builds, every section of it', async () => {
  const section = (n: number) => `## Section ${n}\n\n${'Training a tune takes a while; prompts created before it ends are queued. '.repeat(12)}\n\n`
    + `- Step one of section ${n}.\n- Step two.\n\n${n % 10 === 0 ? `\`\`\`js\nconst section = ${n};\n\`\`\`\n\n` : ''}`;
  const parts = ['# Big page\n\n'];
  let size = parts[0]?.length ?? 0;
  let count = 0;
  while (size < 5 * 1024 * 1024) {
    const part = section(++count);
    parts.push(part);
    size += part.length;
  }
  const site = fixtureWith({ 'content/docs/guides/3-big.md': parts.join('') });
  const { result, outDir } = await buildInto(site);
  const body = pageBody(outDir, '/docs/guides/big/');
  // Some 25 MB of source and output: not left behind in the temporary folder.
  rmSync(site, { recursive: true });
  rmSync(dirname(outDir), { recursive: true });
  assert.deepEqual(result.warnings, []);
  assert.ok(body.length > 5 * 1024 * 1024, `${body.length} characters of HTML`);
  assert.equal([...body.matchAll(/<h2 id="section-\d+"/g)].length, count);
  assert.ok(body.includes(`<h2 id="section-${count}" class="anchor">Section ${count}<`), 'the last section is there');
  assert.ok(body.includes(`<code class="hljs language-js">`), "code blocks are highlighted");
});

test('a list nested 200 levels deep renders every level', async () => {
  const depth = 200;
  const lines = Array.from({ length: depth }, (_, index) => `${'  '.repeat(index)}- Level ${index + 1}`);
  const site = fixtureWith({ 'content/docs/guides/3-deep.md': `# Deep list\n\n${lines.join('\n')}\n` });
  const { result, outDir } = await buildInto(site);
  assert.deepEqual(result.warnings, []);
  const body = pageBody(outDir, '/docs/guides/deep/');
  assert.equal(body.match(/<ul>/g)?.length, depth);
  assert.equal(body.match(/<\/ul>/g)?.length, depth);
  // Every level opens inside the one before: all 200 lists are open when the last item appears.
  const last = body.indexOf(`Level ${depth}`);
  assert.equal(body.slice(0, last).match(/<ul>/g)?.length, depth);
  assert.ok(!body.slice(0, last).includes('</ul>'));
});
