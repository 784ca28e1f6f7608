import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFragment, formatHtml } from '../../lib/render/format-html.ts';
import { formattedPattern } from '../helpers/formatted.ts';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

test('block tags start lines; code blocks and scripts keep their whitespace, blank lines included', () => {
  const html = '<html><head><title>T</title><script>if(a<div)b();\n\nc();</script></head><body><div><p>One\n</p>' +
    '<pre><code>import os\n\nprint(os.name)\n<div>x</div></code></pre><ul><li>a</li></ul></div></body></html>';
  assert.equal(formatHtml(html), [
    '<html>', '<head>', '<title>T</title>', '<script>if(a<div)b();\n\nc();</script></head>', '<body>', '<div>', '<p>One', '</p>' +
    '<pre><code>import os\n\nprint(os.name)\n<div>x</div></code></pre>', '<ul>', '<li>a</li></ul></div></body></html>',
  ].join('\n'));
});

test('long text breaks at its spaces, and only there: a space becomes a newline', () => {
  const text = words(60);
  const html = `<p>${text}<a href="/x">glued</a><code>${'y'.repeat(30)}</code>, end</p>`;
  const formatted = formatHtml(html);
  for (const line of formatted.split('\n')) assert.ok(line.length <= 120, line);
  // Replacing each newline by the space it stands for gives the input back.
  assert.equal(formatted.replaceAll('\n', ' '), html);
  assert.match(formatted, /word59<a href="\/x">glued<\/a><code>y+<\/code>,/);
});

test('a long start tag breaks between its attributes, indented; never inside a value, never before ">"', () => {
  const attributes = Array.from({ length: 12 }, (_, i) => `data-a${i}="value ${i} with spaces"`).join(' ');
  const html = `<div><span>x</span><input ${attributes}/>after</div>`;
  const formatted = formatHtml(html);
  const lines = formatted.split('\n');
  for (const line of lines) assert.ok(line.length <= 120, line);
  assert.ok(lines.length > 2, formatted);
  for (const line of lines.slice(2)) assert.match(line, /^ {2}data-a\d+="value \d+ with spaces"/);
  assert.equal(formatted.replaceAll(/\n {2}/g, ' ').replace('<div>\n', '<div>'), html);
  assert.match(formatted, /"\/>after<\/div>$/);
});

test('glued tags break after the tag name only when nothing else is left', () => {
  const span = (i: number) => `<span class="class-name-number-${i}">${i}</span>`;
  const html = `<p>${Array.from({ length: 8 }, (_, i) => span(i)).join('')}</p>`;
  const formatted = formatHtml(html);
  for (const line of formatted.split('\n')) assert.ok(line.length <= 160, line);
  assert.match(formatted, /<span\n {2}class=/);
  assert.equal(formatted.replaceAll('\n  ', ' '), html);
});

test('pre, script, style and textarea are copied byte for byte, however long their lines', () => {
  const long = `${'a '.repeat(150)}&#x27;&quot;`;
  for (const name of ['pre', 'script', 'style', 'textarea']) {
    const html = `<div><${name}>${long}\n  ${long}</${name}></div>`;
    // <script> is a block tag: it starts a line.
    assert.equal(formatHtml(html), `<div>${name === 'script' ? '\n' : ''}<${name}>${long}\n  ${long}</${name}></div>`, name);
  }
  // A <pre> inside a <pre> does not end the outer one early.
  const nested = `<pre>${long}<pre>${long}</pre>${long}</pre>`;
  assert.equal(formatHtml(nested), nested);
});

test('needless entities go: &#x27; and &quot; in text, &#x27; in double-quoted attributes', () => {
  assert.equal(formatHtml('<p title="it&#x27;s &quot;x&quot;">it&#x27;s &quot;x&quot; &amp; &lt;y&gt;</p>'),
    '<p title="it\'s &quot;x&quot;">it\'s "x" &amp; &lt;y&gt;</p>');
  // In a single-quoted value an apostrophe must stay an entity.
  assert.equal(formatHtml("<p title='it&#x27;s'>x</p>"), "<p title='it&#x27;s'>x</p>");
});

test('a space between two East Asian wide characters is not broken (a browser may drop such a newline)', () => {
  const html = `<p>${'漢字 '.repeat(80)}漢字</p>`;
  assert.equal(formatHtml(html), html);
});

test('a value that holds newlines keeps them, and the lines after it are measured from its last line', () => {
  const html = `<svg><path fill="none" d="M0 0Z\n    M1 1Z"></path></svg><p>${words(5)}</p>`;
  assert.equal(formatHtml(html), `<svg><path fill="none" d="M0 0Z\n    M1 1Z"></path></svg>\n<p>${words(5)}</p>`);
});

test('a fragment keeps its leading newline; formattedPattern finds markup the formatter broke', () => {
  const link = `<a class="menu__link" href="/docs/x/">What&#x27;s ${words(25)}</a>`;
  const fragment = formatFragment(`<ul><li class="menu__item">${link}</li></ul>`);
  assert.ok(fragment.startsWith('\n<ul>'), fragment);
  assert.ok(fragment.includes('\n'), fragment);
  assert.ok(!fragment.includes(link));
  assert.match(fragment, formattedPattern(link));
});
