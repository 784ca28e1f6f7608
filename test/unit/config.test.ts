import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSiteConfig } from '../../lib/load/config.ts';
import { BuildError } from '../../lib/diagnostics.ts';
import { ROOT } from '../helpers/site.ts';

const FILE = 'content/site.yml';
const real = readFileSync(join(ROOT, FILE), 'utf8');
const parse = (text: string) => parseSiteConfig({ file: FILE, text, lineOffset: 0 });

function failure(text: string): BuildError {
  try {
    parse(text);
  } catch (error) {
    assert.ok(error instanceof BuildError, `expected a BuildError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the configuration to be rejected');
}

test('the real site.yml loads with the specified identity and links', () => {
  const config = parse(real);
  assert.equal(config.title, 'the product documentation');
  assert.equal(config.tagline, 'Fine-tuning and high quality image generation');
  assert.equal(config.baseUrl, '/');
  assert.deepEqual(config.navbar.items.map((item) => item.label), ['Home', 'Blog', 'Articles', 'Headshots open-source app']);
  assert.deepEqual(config.footer.groups.map((group) => group.title), ['Docs', 'Community', 'More']);
  assert.deepEqual(config.footer.groups[0]?.items, [
    { label: 'Use cases', href: '/docs/category/use-cases/' },
    { label: 'Features', href: '/docs/category/features/' },
  ]);
  assert.deepEqual(config.footer.groups[2]?.items.map((item) => item.label), ['Gallery', 'Community examples', 'Home']);
  assert.match(config.footer.copyright, /^Copyright © 2025 /);
  assert.deepEqual(config.docs.version, { name: 'current', label: 'Next', path: '/docs' });
  assert.equal(config.docs.mainDoc, 'changes');
  for (const item of config.navbar.items) assert.match(item.href, /^https:\/\/[a-z.]*example\.com\//);
});

test('a YAML syntax error names the file and its line', () => {
  const error = failure('title: x\ntagline: y\nnavbar:\n  items: [\n');
  assert.equal(error.file, FILE);
  assert.equal(error.line, 5);
  assert.match(error.message, /^content\/site\.yml:5: Invalid YAML/);
});

test('a value of the wrong type names the key and its line', () => {
  const text = real.replace('hideOnScroll: false', 'hideOnScroll: sometimes');
  const error = failure(text);
  const line = text.split('\n').findIndex((l) => l.includes('hideOnScroll')) + 1;
  assert.equal(error.line, line);
  assert.match(error.message, /"navbar\.hideOnScroll" must be true or false/);
});

test('a missing required key is reported with what to add', () => {
  const error = failure(real.replace(/^tagline:.*\n/m, ''));
  assert.match(error.message, /"tagline" is missing/);
  assert.match(error.hint, /Add "tagline: …"/);
});

test('"favicon" and "logo" may be left out, as in a Docusaurus config: no icon link, a navbar with the title alone', () => {
  const config = parse(real.replace(/^favicon:.*\n/m, '').replace(/^logo:\n(  .*\n)+/m, ''));
  assert.equal(config.favicon, undefined);
  assert.equal(config.logo, undefined);
  assert.deepEqual(parse(real).logo, { src: 'img/logo.svg', alt: 'the product logo' });
});

test('an unknown key (a typo) is an error naming its line', () => {
  const error = failure(`${real}\ntitel: oops\n`);
  assert.match(error.message, /Unknown key "titel"/);
  assert.equal(error.line, real.split('\n').length + 1);
});

test('a base URL must start and end with a slash', () => {
  const error = failure(real.replace('baseUrl: /', 'baseUrl: docs'));
  assert.match(error.message, /"baseUrl" must start and end with "\/"/);
});

test('a link must be a route or a full URL', () => {
  const error = failure(real.replace('href: https://blog.example.com/', 'href: blog.example.com'));
  assert.match(error.message, /must start with "\/", "https:\/\/" or "mailto:"/);
  assert.ok(error.line && error.line > 1);
});

test('"markdown.admonitions" adds types; a name that cannot follow the colons is an error at its line', () => {
  assert.deepEqual(parse(`${real}\nmarkdown:\n  admonitions: [security, release-note]\n`).markdown.admonitions, ['security', 'release-note']);
  assert.deepEqual(parse(real).markdown.admonitions, []);
  const error = failure(`${real}\nmarkdown:\n  admonitions: ["two words"]\n`);
  assert.match(error.message, /"markdown\.admonitions" lists "two words", which is not a type name/);
  assert.equal(error.line, real.split('\n').length + 2);
});

test('"markdown.languages" maps fence names to highlight.js languages; an unknown language is an error at its line', () => {
  assert.deepEqual(parse(`${real}\nmarkdown:\n  languages:\n    JSONC: json\n    hcl: ini\n`).markdown.languages, { jsonc: 'json', hcl: 'ini' });
  assert.deepEqual(parse(real).markdown.languages, {});
  const error = failure(`${real}\nmarkdown:\n  languages:\n    hcl: terraform\n`);
  assert.match(error.message, /"markdown\.languages" maps "hcl" to "terraform", which highlight\.js does not know/);
  assert.equal(error.line, real.split('\n').length + 3);
});
