// Every language highlight.js ships can be named in a fence, each module loaded only when a page
// uses it, and a language that embeds others (HTML's scripts, JSX) highlights them whatever was
// loaded before.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LANGUAGE_MODULES } from '../../lib/transform/highlight-languages.ts';
import { highlight } from '../../lib/transform/highlight.ts';
import { tableSource } from '../../scripts/highlight-languages.ts';
import { ROOT } from '../helpers/site.ts';

test('the language table is the one highlight.js declares (after an upgrade: node --import tsx scripts/highlight-languages.ts)', () => {
  assert.equal(readFileSync(join(ROOT, 'lib/transform/highlight-languages.ts'), 'utf8'), tableSource());
});

test('every language module loads and highlights', () => {
  // "plaintext" is plain text: no highlighting, no module.
  for (const module of new Set(Object.values(LANGUAGE_MODULES).filter((module) => module !== 'plaintext'))) {
    const result = highlight('x = "1" // 2', module);
    assert.equal(result.unknown, false, module);
    assert.equal(result.language, module);
  }
});

/** What a fresh process loads and makes of `code` in `lang`: the language modules required, and the HTML. */
function inFreshProcess(lang: string, code: string): { modules: string[]; html: string } {
  const script = `
    import { createRequire } from 'node:module';
    import { highlight } from './lib/transform/highlight.ts';
    const html = highlight(${JSON.stringify(code)}, ${JSON.stringify(lang)}).html;
    const modules = Object.keys(createRequire(import.meta.url).cache)
      .map((path) => /highlight\\.js\\/lib\\/languages\\/([\\w-]+)\\.js$/.exec(path)?.[1]).filter(Boolean).sort();
    console.log(JSON.stringify({ modules, html }));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })) as { modules: string[]; html: string };
}

test('a page in one language loads that language\'s module only', () => {
  assert.deepEqual(inFreshProcess('py', 'print(1)').modules, ['python']);
  assert.deepEqual(inFreshProcess('text', 'plain').modules, []);
});

test('a language loads the languages it embeds, so an HTML page\'s script is highlighted as the first block of a build', () => {
  const { modules, html } = inFreshProcess('html', '<script>const seed = 7;</script>');
  assert.ok(modules.includes('javascript') && modules.includes('css'), modules.join(', '));
  assert.match(html, /<span class="language-javascript"><span class="hljs-keyword">const<\/span>/);
});

test('Docusaurus (Prism) names and the site\'s own aliases reach highlight.js languages', () => {
  assert.equal(highlight('<p>x</p>', 'markup').unknown, false);
  assert.equal(highlight('name = "seed"', 'hcl').unknown, true);
  const aliased = highlight('name = "seed"', 'hcl', { hcl: 'ini' });
  assert.equal(aliased.language, 'hcl');
  assert.match(aliased.html, /<span class="hljs-string">&quot;seed&quot;<\/span>/);
});

test('an HTTP message\'s body is highlighted in the language its Content-Type names, loading that language only', () => {
  const request = 'POST /hooks/tune-ready?user_id=42 HTTP/1.1\nHost: app.example.com\nContent-Type: application/json; charset=utf-8\n\n{"id": 1952140, "ready": true}';
  const { modules, html } = inFreshProcess('http', request);
  // Guessed, this body was bash (its numbers plain, its keys strings) and all twelve guessed-among grammars were loaded.
  assert.deepEqual(modules, ['http', 'json']);
  assert.match(html, /\n\n<span class="language-json"><span class="hljs-punctuation">\{<\/span><span class="hljs-attr">&quot;id&quot;<\/span>/);
  assert.match(html, /<span class="hljs-number">1952140<\/span>/);
  // A response, a structured-syntax suffix, the header in lower case.
  assert.match(highlight('HTTP/1.1 200 OK\ncontent-type: application/vnd.example+json\n\n[1]', 'http').html, /<span class="language-json">/);
  assert.match(highlight('HTTP/1.1 200 OK\nContent-Type: text/html\n\n<p>x</p>', 'http').html, /<span class="language-xml">/);
  // Text and form data are shown as written.
  assert.match(highlight('POST /x HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\nseed=7&steps=30', 'http').html,
    /\n\n<span class="language-plaintext">seed=7&amp;steps=30<\/span>$/);
  // A Content-Type in the body is not the message's.
  assert.doesNotMatch(highlight('HTTP/1.1 200 OK\nX-Id: 1\n\nContent-Type: application/json\n{"a": 1}', 'http').html, /language-json/);
});

test('an HTTP message without a Content-Type naming a language: a JSON or markup body by how it starts, any other guessed', () => {
  for (const head of ['HTTP/1.1 200 OK\nX-Id: 1', 'HTTP/1.1 200 OK\nContent-Type: application/x-custom']) {
    // Guessed, this JSON body was CSS.
    assert.match(highlight(`${head}\n\n{"a": 1}`, 'http').html, /\n\n<span class="language-json">/, head);
    assert.match(highlight(`${head}\n\n  [1, 2]`, 'http').html, /\n\n<span class="language-json"> {2}<span class="hljs-punctuation">\[/, head);
    assert.match(highlight(`${head}\n\n<p>seed</p>`, 'http').html, /\n\n<span class="language-xml">/, head);
    const html = highlight(`${head}\n\nname: seed\nsteps: 30`, 'http').html;
    assert.match(html, /\n\n<span class="language-[a-z]+">/, head);
  }
});
