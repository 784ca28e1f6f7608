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
