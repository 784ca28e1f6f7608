// Golden pairs: test/markdown/NAME.md renders exactly to test/markdown/NAME.html.
// Set UPDATE_GOLDEN=1 to rewrite the .html files after an intended change (then review the diff).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import type { MarkdownContext } from '../../lib/transform/types.ts';
import { ROOT } from '../helpers/site.ts';

const DIR = join(ROOT, 'test/markdown');

function context(overrides: Partial<MarkdownContext> = {}): MarkdownContext {
  return {
    file: 'content/docs/page.md', absPath: join(DIR, 'page.md'), route: '/docs/page/', bodyLineOffset: 0, baseUrl: '/',
    resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics: new Diagnostics(), ...overrides,
  };
}

for (const name of readdirSync(DIR).filter((file) => file.endsWith('.md')).sort()) {
  test(`golden: ${name}`, () => {
    const html = markdownToHtml(readFileSync(join(DIR, name), 'utf8'), context()).html;
    const expectedPath = join(DIR, name.replace(/\.md$/, '.html'));
    if (process.env.UPDATE_GOLDEN) writeFileSync(expectedPath, html);
    assert.equal(html, readFileSync(expectedPath, 'utf8'));
  });
}

test('headings feed the table of contents and the anchors, with explicit ids kept', () => {
  const result = markdownToHtml('# Title\n\n## One {#first}\n\n### Two\n\n#### Three\n\n## One\n', context());
  assert.equal(result.h1, 'Title');
  assert.deepEqual(result.headings.map((h) => [h.level, h.id, h.text]), [[2, 'first', 'One'], [3, 'two', 'Two'], [4, 'three', 'Three'], [2, 'one', 'One']]);
  assert.deepEqual(result.anchors, ['first', 'two', 'three', 'one']);
});

test('internal links are recorded with the file line, after the front matter offset', () => {
  const result = markdownToHtml('Intro.\n\n- item\n- see [x](/docs/other/#part)\n\n:::note\nAlso [y](../sibling/).\n:::\n', context({ bodyLineOffset: 4 }));
  assert.deepEqual(result.links.map((link) => [link.route, link.hash, link.line]), [
    ['/docs/other/', 'part', 8],
    ['/docs/sibling/', undefined, 11],
  ]);
});

test('links to markdown files become routes; a missing file is a warning with its line', () => {
  const diagnostics = new Diagnostics();
  const result = markdownToHtml('[a](./guide.md#step) and\n[b](./missing.md)\n', context({
    diagnostics,
    resolveDocFile: (path) => (path.endsWith('/guide.md') ? '/docs/guide/' : undefined),
  }));
  assert.match(result.html, /<a href="\/docs\/guide\/#step">a<\/a>/);
  assert.match(result.html, /<a href="\.\/missing\.md">b<\/a>/);
  assert.equal(diagnostics.warnings.length, 1);
  assert.equal(diagnostics.warnings[0]?.line, 2);
  assert.match(diagnostics.warnings[0]?.message ?? '', /missing\.md/);
});

test('links and images get the base URL; the first image loads at once, the others lazily', () => {
  const result = markdownToHtml('[a](/docs/x/) ![d](./d.svg)\n\n![e](./d.svg)', context({
    baseUrl: '/sub/',
    addAsset: () => ({ url: '/sub/assets/images/d.123.svg', width: 10, height: 5 }),
  }));
  assert.match(result.html, /href="\/sub\/docs\/x\/"/);
  assert.match(result.html, /<img src="\/sub\/assets\/images\/d\.123\.svg" alt="d" width="10" height="5" fetchpriority="high" decoding="async">/);
  assert.match(result.html, /<img src="\/sub\/assets\/images\/d\.123\.svg" alt="e" width="10" height="5" loading="lazy" decoding="async">/);
});

test('a missing image fails with the file and line', () => {
  assert.throws(() => markdownToHtml('Text.\n\n![Diagram](./nowhere.png)\n', context({ bodyLineOffset: 3 })), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    assert.equal(error.line, 6);
    assert.match(error.message, /Image "\.\/nowhere\.png" not found/);
    return true;
  });
});

test('an unknown code language is a warning and the code is shown as plain text', () => {
  const diagnostics = new Diagnostics();
  const result = markdownToHtml('Intro.\n\n```cobol\nDISPLAY "<HI>".\n```\n', context({ diagnostics }));
  assert.match(result.html, /<code class="hljs language-text">DISPLAY &quot;&lt;HI&gt;&quot;\.<\/code>/);
  assert.equal(diagnostics.warnings[0]?.line, 3);
  assert.match(diagnostics.warnings[0]?.message ?? '', /Unknown code language "cobol"/);
});

test('an admonition type of the site\'s own (site.yml markdown.admonitions) renders; unlisted, it fails at its line', () => {
  const source = 'Intro.\n\n:::security[Keys]\nRotate them.\n:::\n';
  const html = markdownToHtml(source, context({ markdown: { admonitions: ['security'], languages: {} } })).html;
  assert.match(html, /<div class="admonition admonition--security">\n<p class="admonition__title">Keys<\/p>/);
  assert.throws(() => markdownToHtml(source, context()), (error) => error instanceof BuildError && error.line === 3
    && /Unknown admonition type "security"/.test(error.problem) && /"markdown: admonitions:" in content\/site\.yml/.test(error.hint));
});

test('an admonition title that is neither "[Title]" nor after a space fails at its line', () => {
  assert.throws(() => markdownToHtml('Intro.\n\n:::tip(Keys)\nRotate them.\n:::\n', context()),
    (error) => error instanceof BuildError && error.line === 3 && /The title of the ":::tip" admonition cannot be read/.test(error.problem));
});

test('an admonition\'s directive id is an anchor of the page; a second one is a warning; unreadable attributes or an odd id fail at their line', () => {
  const diagnostics = new Diagnostics();
  const result = markdownToHtml('## Keys\n\n:::tip[Rotate]{#keys}\nOld keys stop.\n:::\n\n:::note{#limits}\nTen jobs.\n:::\n', context({ diagnostics }));
  assert.deepEqual(result.anchors, ['keys', 'keys', 'limits']);
  assert.match(result.html, /<div class="admonition admonition--note" id="limits">/);
  assert.deepEqual(diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message.slice(0, 20)}`), ['3: Duplicate id "#keys"']);
  assert.throws(() => markdownToHtml('Intro.\n\n:::tip{#keys title=}\nRotate.\n:::\n', context()),
    (error) => error instanceof BuildError && error.line === 3 && /The attributes \{#keys title=\} of the ":::tip" admonition cannot be read/.test(error.problem));
  assert.throws(() => markdownToHtml('Intro.\n\n:::tip{id="a b"}\nRotate.\n:::\n', context()),
    (error) => error instanceof BuildError && error.line === 3 && /The admonition id "a b"/.test(error.problem));
});

test('an unknown code language is one warning per page and language, at its first block', () => {
  const diagnostics = new Diagnostics();
  markdownToHtml('```hcl\na {}\n```\n\n```foo\nb\n```\n\n```HCL\nc {}\n```\n', context({ diagnostics }));
  assert.deepEqual(diagnostics.warnings.map((warning) => [warning.line, /"(\w+)"/.exec(warning.message)?.[1]]), [[1, 'hcl'], [5, 'foo']]);
});
