// Bounded work on untrusted content: tiny inputs that used to stall or crash the build either
// build, or fail at their line with what to do, and leave the previous dist/ alone. Speed is
// measured by the bench, not asserted here: each test has a timeout, so a return of the slow
// path fails by timing out (they took 14 s to well past 60 s before; each now takes well under 3 s).
// The small inputs live in test/fixtures/bad-input/<fault>/; the large ones are generated here.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { BuildError } from '../../lib/diagnostics.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { badInputHarness, caseSite, pageBody } from '../helpers/bad-input.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith, ROOT, tempDir } from '../helpers/site.ts';

const { previousDist, failure } = await badInputHarness();
const BOUNDED = { timeout: 20_000 };
const PAGE = 'content/docs/guides/3-page.md';

// Every site and output folder made here is removed at the end.
const folders = [dirname(previousDist)];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const made = (folder: string) => (folders.push(folder), folder);
const fixtureCase = (name: string) => made(caseSite(name));
const build = async (site: string) => {
  const built = await buildInto(site);
  made(dirname(built.outDir));
  return built;
};

/** A site whose page 3-page.md holds the given markdown body under a title line (body line 1 is file line 3). */
function pageSite(body: string): string {
  return made(fixtureWith({ [PAGE]: `# Page\n\n${body}` }));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('code-line-range-ten-million: ten fences marking lines {1-10000000} build, each highlighting its own line, with a warning', BOUNDED, async () => {
  const { result, outDir } = await build(fixtureCase('code-line-range-ten-million'));
  const body = pageBody(outDir, '/docs/guides/ranges/');
  assert.equal(body.match(/<span class="code-line code-line--highlighted">/g)?.length, 10, 'one highlighted line per block');
  for (let i = 0; i < 10; i++) assert.ok(body.includes(`<span class="code-line code-line--highlighted"><span class="hljs-built_in">echo</span> ${i}</span>`), `block ${i}`);
  const warnings = result.warnings.filter((warning) => warning.message.includes('outside the code block'));
  assert.deepEqual(warnings.map((warning) => `${warning.file}:${warning.line}`),
    [3, 7, 11, 15, 19, 23, 27, 31, 35, 39].map((line) => `content/docs/guides/3-ranges.md:${line}`));
  assert.equal(warnings[0]?.message, 'Highlighted line(s) {1-10000000} are outside the code block\'s 1 line(s); they are ignored.');
});

test('code-line-range-twenty-million: {2-20000000} highlights lines 2 and 3 of a three-line block', BOUNDED, async () => {
  const { result, outDir } = await build(fixtureCase('code-line-range-twenty-million'));
  const body = pageBody(outDir, '/docs/guides/ranges/');
  assert.equal(body.match(/code-line--highlighted/g)?.length, 2);
  assert.ok(!/code-line--highlighted"><span class="hljs-built_in">echo<\/span> one/.test(body), 'line 1 is not highlighted');
  assert.ok(/code-line--highlighted"><span class="hljs-built_in">echo<\/span> two/.test(body));
  assert.ok(/code-line--highlighted"><span class="hljs-built_in">echo<\/span> three/.test(body));
  assert.deepEqual(result.warnings.map((warning) => `${warning.file}:${warning.line}`), ['content/docs/guides/3-ranges.md:3']);
});

test('yaml-alias-bomb: aliases that multiply a value in openapi.yaml fail at the alias that crosses the limit', BOUNDED, async () => {
  const message = await failure(fixtureCase('yaml-alias-bomb'));
  assert.match(message, /^content\/api\/openapi\.yaml:27: The aliases \("\*name"\) of this file expand it to more than [\d,]+ values\.\n {2}→ Write the repeated part out once/);
});

test('yaml-self-alias: an alias inside the value it names ("&loop [*loop]") fails at its line', BOUNDED, async () => {
  const message = await failure(fixtureCase('yaml-self-alias'));
  assert.equal(message, 'content/api/openapi.yaml:21: The alias "*loop" is inside the value "&loop" it refers to, so that value would contain itself without end.\n'
    + '  → Remove the alias, or describe the recursive shape with "$ref" to a schema under #/components/schemas/.');
});

test('list-nested-2000-levels fails at the first line past 256 levels', BOUNDED, async () => {
  const lines = Array.from({ length: 2000 }, (_, index) => `${'  '.repeat(index)}- Level ${index + 1}`);
  const message = await failure(pageSite(`${lines.join('\n')}\n`));
  // Level 257 is on body line 257, file line 259.
  assert.equal(message, `${PAGE}:259: Lists, block quotes and admonitions are nested more than 256 levels deep here.\n`
    + '  → Flatten the nesting: split the list, quote or admonition into several, or use headings for the outer levels.');
});

test('blockquote-nested-5000-levels fails at its line instead of overflowing the stack', BOUNDED, async () => {
  const message = await failure(pageSite(`Intro.\n\n${'>'.repeat(5000)} Deep.\n`));
  assert.match(message, new RegExp(`^${PAGE}:5: Lists, block quotes and admonitions are nested more than 256 levels deep here\\.`));
  const spaced = await failure(pageSite(`${Array.from({ length: 300 }, (_, index) => `${'> '.repeat(index + 1)}Level`).join('\n')}\n`));
  assert.match(spaced, new RegExp(`^${PAGE}:259: Lists, block quotes and admonitions are nested more than 256 levels deep here\\.`));
});

test('admonitions-nested-1000-levels fail at the first opening past 256 levels', BOUNDED, async () => {
  const depth = 1000;
  const open = Array.from({ length: depth }, (_, index) => `${':'.repeat(3 + depth - index)}note`);
  const close = Array.from({ length: depth }, (_, index) => ':'.repeat(4 + index));
  const message = await failure(pageSite(`${open.join('\n')}\nInside.\n${close.join('\n')}\n`));
  assert.match(message, new RegExp(`^${PAGE}:259: Lists, block quotes and admonitions are nested more than 256 levels deep here\\.`));
});

test('backtick-run-100000 fails at its line instead of "Regular expression too large"', BOUNDED, async () => {
  const message = await failure(pageSite(`Intro.\n\n${'`'.repeat(100_000)}\n`));
  assert.equal(message, `${PAGE}:5: A run of 100000 "\`" characters; at most 64 are allowed in a row.\n`
    + '  → Shorten it: a code fence or code span needs only one more "`" than the longest run inside it.');
  const tildes = await failure(pageSite(`Intro.\n\n${'~'.repeat(100_000)}\n`));
  assert.match(tildes, new RegExp(`^${PAGE}:5: A run of 100000 "~" characters`));
});

test('emphasis-delimiters-200kb: 200 KB of "*a" fails at its paragraph; code spans and list items are counted apart', BOUNDED, async () => {
  const message = await failure(pageSite(`Intro.\n\n${'*a'.repeat(100_000)}\n`));
  assert.equal(message, `${PAGE}:5: This paragraph has 100000 "*" or "_" emphasis markers; at most 100 are allowed in one paragraph.\n`
    + '  → Split the paragraph, put code and names in `backticks`, or escape literal stars and underscores as \\* and \\_.');
  // Within the limits: names in code spans do not count, and each list item and table row is a paragraph of its own.
  const names = Array.from({ length: 600 }, (_, index) => `\`snake_case_${index}\``).join(' ');
  const items = Array.from({ length: 600 }, (_, index) => `- **Item ${index}** _done_`).join('\n');
  const rows = Array.from({ length: 600 }, (_, index) => `| **field_${index}** | _text_ |`).join('\n');
  const { result, outDir } = await build(pageSite(`${names}\n\n${items}\n\n| Name | Type |\n| --- | --- |\n${rows}\n`));
  assert.deepEqual(result.warnings, []);
  const body = pageBody(outDir, '/docs/guides/page/');
  assert.ok(body.includes('<code>snake_case_599</code>'));
  assert.equal(body.match(/<li><strong>Item \d+<\/strong> <em>done<\/em><\/li>/g)?.length, 600);
  assert.equal(body.match(/<td><strong>field_\d+<\/strong><\/td><td><em>text<\/em><\/td>/g)?.length, 600);
  // Table rows count apart only in a table: the same lines without the "| --- |" line are one paragraph.
  const fake = await failure(pageSite(`Intro.\n\n${rows}\n`));
  assert.match(fake, new RegExp(`^${PAGE}:5: This paragraph has 3000 "\\*" or "_" emphasis markers`));
});

test('source-file-over-10-mb fails naming the file and the limit, before reading it', BOUNDED, async () => {
  const site = pageSite('');
  writeFileSync(join(site, PAGE), `# Page\n\n${'Words and more words.\n'.repeat(500_000)}`);
  let caught: unknown;
  try {
    await buildSite({ root: ROOT, siteDir: site, outDir: join(made(tempDir('pagewright-out-')), 'dist') });
  } catch (error) {
    caught = error;
  } finally {
    rmSync(site, { recursive: true });
  }
  assert.ok(caught instanceof BuildError, `expected a BuildError, got ${String(caught)}`);
  assert.equal(caught.message, `${PAGE}: The file is 10.5 MB; at most 10 MB is read.\n  → Split it into several pages (or files) of under 10 MB each.`);
});

test('output-parent-not-writable fails with the folder and what to do, not a raw ENOTDIR stack', BOUNDED, async () => {
  const parent = made(tempDir('pagewright-out-'));
  const blocker = join(parent, 'not-a-folder');
  writeFileSync(blocker, 'a file where the output folder\'s parent should be');
  const outDir = join(blocker, 'dist');
  let caught: unknown;
  try {
    await buildSite({ root: ROOT, siteDir: BASIC_FIXTURE, outDir });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof BuildError, `expected a BuildError, got ${caught instanceof Error ? caught.stack : String(caught)}`);
  assert.match(caught.message, new RegExp(`^${escape(outDir)}: The output folder cannot be written: making ${escape(dirname(outDir))}/\\.dist-new-\\S+ failed \\(ENOTDIR\\)\\.\n`
    + ` {2}→ Choose an output folder whose parent folder ${escape(dirname(outDir))} exists and is writable \\(--out DIR\\), or fix its permissions\\.$`));
});

test('list-of-50000-items: one long list builds, each item kept, instead of counting its lines again for every item', BOUNDED, async () => {
  const items = Array.from({ length: 50_000 }, (_, index) => `- item ${index}`).join('\n');
  const { outDir } = await build(pageSite(`${items}\n`));
  const html = readFileSync(join(outDir, 'docs/guides/page/index.html'), 'utf8');
  assert.match(html, /<li>item 0<\/li>/);
  assert.match(html, /<li>item 49999<\/li>/);
});
