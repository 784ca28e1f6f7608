// Docusaurus's front matter `format`: "md" reads a page as CommonMark (an import line and braces are
// text, HTML passes the raw-HTML policy, a component is raw HTML the policy refuses), "mdx" reads
// even a .md file as MDX, and "detect" goes by the extension (.md is CommonMark), as Docusaurus does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import { splitFrontMatter, type MarkdownFormat } from '../../lib/load/frontmatter.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';

const PAGE = [
  '# Upload',
  '',
  "import Tabs from '@theme/Tabs';",
  '',
  'Send it to /v1/images/{id} {/* not yet */} now.',
  '',
  '```mdx-code-block',
  '<div>',
  '',
  '**Note**',
  '',
  '</div>',
  '```',
  '',
].join('\n');

function render(name: string, format: MarkdownFormat | undefined, source = PAGE): { html: string; warnings: string[] } {
  const diagnostics = new Diagnostics();
  const { html } = markdownToHtml(source, {
    file: `docs/${name}`, absPath: `/site/docs/${name}`, route: '/docs/upload/', bodyLineOffset: 0, baseUrl: '/',
    resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics, format,
  });
  return { html, warnings: diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message}`) };
}

const COMMONMARK = [
  '<h1>Upload</h1>',
  '<p>import Tabs from &#39;@theme/Tabs&#39;;</p>',
  '<p>Send it to /v1/images/{id} {/* not yet */} now.</p>',
  '<div><p><strong>Note</strong></p>',
  '</div>',
].join('\n');

test('front matter "format" is md, mdx or detect; another value fails at its line', () => {
  for (const format of ['md', 'mdx', 'detect']) {
    assert.equal(splitFrontMatter(`---\nformat: ${format}\n---\n`, 'docs/a.md', new Diagnostics()).frontMatter.format, format);
  }
  assert.throws(() => splitFrontMatter('---\ntitle: A\nformat: markdown\n---\n', 'docs/a.md', new Diagnostics()),
    (error: unknown) => error instanceof BuildError && error.line === 3 && /"format" must be md, mdx or detect/.test(error.message));
});

test('"format: md" reads the page as CommonMark, in a .md or an .mdx file: import lines and braces are text; mdx-code-block is unwrapped', () => {
  for (const name of ['upload.md', 'upload.mdx']) {
    const { html, warnings } = render(name, 'md');
    assert.equal(html.trim(), COMMONMARK, name);
    assert.deepEqual(warnings, [], name);
  }
});

test('"format: md": a component is raw HTML, which the raw-HTML policy refuses at its line', () => {
  assert.throws(() => render('upload.md', 'md', '# T\n\n<Tabs><TabItem value="a">A</TabItem></Tabs>\n'),
    (error: unknown) => error instanceof BuildError && error.line === 3 && /Raw HTML <tabs> is not allowed/.test(error.message));
});

test('"format: detect" goes by the extension: a .md file is CommonMark, an .mdx file MDX', () => {
  assert.equal(render('upload.md', 'detect').html.trim(), COMMONMARK);
  assert.deepEqual(render('upload.mdx', 'detect'), render('upload.mdx', undefined));
});

test('"format: mdx" reads a .md file as MDX: the import is left out, and so is every {…} expression, with a warning', () => {
  const { html, warnings } = render('upload.md', 'mdx');
  assert.doesNotMatch(html, /import|\{/);
  assert.match(html, /<p>Send it to \/v1\/images\/ {2}now\.<\/p>/);
  assert.deepEqual(warnings.map((warning) => warning.slice(0, 40)), ['5: The JavaScript expression {id} cannot']);
  // Without a format a .md file keeps its braces as text and drops only the comment.
  assert.match(render('upload.md', undefined).html, /<p>Send it to \/v1\/images\/\{id\} {2}now\.<\/p>/);
});
