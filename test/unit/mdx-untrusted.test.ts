// MDX pages are contributors' content like any other: HTML written as JSX passes the raw-HTML
// policy (no event handlers, no script URLs, no element outside the allow-list), and a style
// object keeps only declarations that stay inside the element, with safe values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';

function render(source: string): { html: string; warnings: string[] } {
  const diagnostics = new Diagnostics();
  const { html } = markdownToHtml(source, {
    file: 'docs/page.mdx', absPath: '/site/docs/page.mdx', route: '/docs/page/', bodyLineOffset: 0, baseUrl: '/',
    resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics,
  });
  return { html, warnings: diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message}`) };
}

function refused(source: string, message: RegExp): void {
  assert.throws(() => render(source), (error: unknown) => error instanceof BuildError && message.test(error.message), source);
}

test('JSX HTML elements fail the build where raw HTML would: handlers, script URLs, elements and attributes off the list', () => {
  refused('# T\n\n<button onClick={() => alert(1)}>Go</button>\n', /<button> is not allowed/);
  refused('# T\n\n<div onMouseOver={steal} className="x">Hover</div>\n', /event-handler attribute "onmouseover"/);
  refused("# T\n\n<a href={'javascript:alert(1)'} className=\"x\">Go</a>\n", /"javascript:" scheme/);
  refused('# T\n\nText <a className="x" href="java\tscript:alert(1)">go</a>.\n', /"javascript:" scheme/);
  refused("# T\n\n<div dangerouslySetInnerHTML={{__html: '<img src=x onerror=alert(1)>'}} />\n", /attribute "dangerouslysetinnerhtml"/);
  refused('# T\n\n<iframe src={`https://evil.example.com`} />\n', /<iframe> is not allowed/);
  refused("# T\n\n<img className=\"x\" src={'data:text/html,<script>alert(1)</script>'} />\n", /"data:" scheme/);
  refused("# T\n\n<script>{`alert(1)`}</script>\n", /<script> is not allowed/);
});

test('a style object keeps only allowed properties with plain values; the rest is named in a warning', () => {
  const { html, warnings } = render([
    '# T',
    '',
    "<div style={{color: 'red', position: 'absolute', zIndex: 9, background: 'url(https://x.example/p.gif)', width: 'expression(alert(1))',",
    "  margin: '0;background:red', padding: '1px\\\\9', fontFamily: '\"Comic Sans\"', maxWidth: 300, opacity: 0.5}}>Box</div>",
    '',
  ].join('\n'));
  assert.equal(html, '<h1>T</h1>\n<div style="color:red;max-width:300px;opacity:0.5">Box</div>\n');
  assert.equal(warnings.length, 1);
  for (const part of ['position: absolute', 'z-index: 9', 'background: url(', 'width: expression(', 'margin: 0;background:red', 'padding: 1px\\9', 'font-family: "Comic Sans"']) {
    assert.ok(warnings[0]?.includes(part), `${part} in ${warnings[0]}`);
  }
});

test('an attribute value that needs the page to run is left out with a warning, never written as text', () => {
  const { html, warnings } = render('# T\n\n<img src={logo} alt={caption} />\n');
  assert.equal(html, '<h1>T</h1>\n<img>\n');
  assert.deepEqual(warnings.map((warning) => warning.slice(0, 40)), ['3: The value of src={logo} on <img> cann', '3: The value of alt={caption} on <img> c']);
});
