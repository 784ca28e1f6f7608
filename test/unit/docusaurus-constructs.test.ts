// Golden pairs for the markdown and MDX that Docusaurus docs folders use, one fixture folder per
// construct class: test/fixtures/docusaurus-CLASS/NAME.md (or .mdx) renders exactly to NAME.html.
// The warnings a pair must give (an unsupported construct says so, with its line) are listed in
// NAME.warnings.txt as "LINE: message" lines; without that file the pair must give none.
// Set UPDATE_GOLDEN=1 to rewrite the .html and .warnings.txt files after an intended change (then
// review the diff). The whole fixture site (test/fixtures/docusaurus-site) has a test of its own.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import { ROOT } from '../helpers/site.ts';

const FIXTURES = join(ROOT, 'test/fixtures');
const folders = readdirSync(FIXTURES).filter((name) => name.startsWith('docusaurus-') && name !== 'docusaurus-site').sort();

for (const folder of folders) {
  const dir = join(FIXTURES, folder);
  if (!statSync(dir).isDirectory()) continue;
  for (const name of readdirSync(dir).filter((file) => /\.mdx?$/.test(file)).sort()) {
    test(`${folder}: ${name}`, () => {
      const absPath = join(dir, name);
      const diagnostics = new Diagnostics();
      const { html } = markdownToHtml(readFileSync(absPath, 'utf8'), {
        file: relative(ROOT, absPath), absPath, route: `/docs/${name.replace(/\.mdx?$/, '')}/`, bodyLineOffset: 0, baseUrl: '/',
        resolveDocFile: () => undefined, diagnostics,
        // An existing file is published under its path in the fixture folder, so pairs show which file an element uses.
        addAsset: (path) => (existsSync(path) ? { url: `/assets/${relative(dir, path)}` } : undefined),
      });
      const warnings = diagnostics.warnings.map((warning) => `${warning.line ?? '-'}: ${warning.message}\n`).join('');
      const base = absPath.replace(/\.mdx?$/, '');
      if (process.env.UPDATE_GOLDEN) {
        writeFileSync(`${base}.html`, html);
        if (warnings) writeFileSync(`${base}.warnings.txt`, warnings);
      }
      assert.equal(html, readFileSync(`${base}.html`, 'utf8'));
      assert.equal(warnings, existsSync(`${base}.warnings.txt`) ? readFileSync(`${base}.warnings.txt`, 'utf8') : '');
    });
  }
}
