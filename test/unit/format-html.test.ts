import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatHtml } from '../../lib/render/format-html.ts';

test('block tags start lines; code blocks and scripts keep their whitespace, blank lines included', () => {
  const html = '<html><head><title>T</title><script>if(a<div)b();\n\nc();</script></head><body><div><p>One\n</p>' +
    '<pre><code>import os\n\nprint(os.name)\n<div>x</div></code></pre><ul><li>a</li></ul></div></body></html>';
  assert.equal(formatHtml(html), [
    '<html>', '<head>', '<title>T</title><script>if(a<div)b();\n\nc();</script></head>', '<body>', '<div>', '<p>One', '</p>' +
    '<pre><code>import os\n\nprint(os.name)\n<div>x</div></code></pre>', '<ul>', '<li>a</li></ul></div></body></html>',
  ].join('\n'));
});
