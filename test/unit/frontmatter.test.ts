import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import { compactFrontMatter, splitFrontMatter, type FrontMatter } from '../../lib/load/frontmatter.ts';

const FILE = 'content/docs/page.md';
const split = (text: string, diagnostics = new Diagnostics()) => splitFrontMatter(text, FILE, diagnostics);

function failure(text: string): BuildError {
  try {
    split(text);
  } catch (error) {
    assert.ok(error instanceof BuildError);
    return error;
  }
  assert.fail('expected the front matter to be rejected');
}

test('front matter keys are read and the body keeps its line offset', () => {
  const { frontMatter, body, bodyLineOffset } = split(
    '---\ntitle: Create a tune\ndescription: Trains a model.\nsidebar_label: Create\nsidebar_position: 2\ntags: [flux, LoRA]\nhide_table_of_contents: true\nslug: /custom\n---\n\n# Body\n',
  );
  assert.equal(frontMatter.title, 'Create a tune');
  assert.equal(frontMatter.description, 'Trains a model.');
  assert.equal(frontMatter.sidebarLabel, 'Create');
  assert.equal(frontMatter.sidebarPosition, 2);
  assert.deepEqual(frontMatter.tags, [{ label: 'flux', plain: true }, { label: 'LoRA', plain: true }]);
  assert.equal(frontMatter.hideTableOfContents, true);
  assert.equal(frontMatter.slug, '/custom');
  assert.equal(body, '\n# Body\n');
  assert.equal(bodyLineOffset, 9);
});

test('a file without front matter is all body', () => {
  const { frontMatter, body, bodyLineOffset } = split('# Title\n');
  assert.equal(frontMatter.title, undefined);
  assert.deepEqual(frontMatter.tags, []);
  assert.equal(body, '# Title\n');
  assert.equal(bodyLineOffset, 0);
});

test('invalid YAML names the file and the line inside the file', () => {
  const error = failure('---\ntitle: ok\ntags: [a, b\n---\nbody\n');
  assert.equal(error.file, FILE);
  assert.ok(error.line === 3 || error.line === 4, `line ${error.line}`);
  assert.match(error.message, /^content\/docs\/page\.md:\d: Invalid YAML/);
});

test('a wrong type names the key, the file and the line', () => {
  const error = failure('---\ntitle: ok\ntags: flux\n---\nbody\n');
  assert.equal(error.line, 3);
  assert.match(error.message, /"tags" must be a list of texts/);
  const position = failure('---\nsidebar_position: first\n---\n');
  assert.equal(position.line, 2);
  assert.match(position.message, /"sidebar_position" must be a number/);
});

test('an unknown key is an error naming its line; every key of a Docusaurus doc is known', () => {
  const error = failure('---\ntitle: ok\nsidebar_lable: oops\n---\n');
  assert.equal(error.line, 3);
  assert.match(error.message, /Unknown front matter key "sidebar_lable"/);
  const diagnostics = new Diagnostics();
  split('---\nid: a\ndisplayed_sidebar: api\nsidebar_custom_props: {beta: true}\n---\n', diagnostics);
  assert.deepEqual(diagnostics.warnings, []);
});

test('keywords are a list of texts, read as written', () => {
  const diagnostics = new Diagnostics();
  assert.deepEqual(split('---\nkeywords: [api key, Rate limit]\n---\n', diagnostics).frontMatter.keywords, ['api key', 'Rate limit']);
  assert.deepEqual(diagnostics.warnings, []);
  assert.deepEqual(split('---\ntitle: ok\n---\n').frontMatter.keywords, []);
  const error = failure('---\ntitle: ok\nkeywords: api key, rate limit\n---\n');
  assert.equal(error.line, 3);
  assert.match(error.message, /"keywords" must be a list of texts/);
});

test('an unclosed front matter block is an error at line 1', () => {
  const error = failure('---\ntitle: never closed\n\n# Body\n');
  assert.equal(error.line, 1);
  assert.match(error.message, /front matter is not closed/);
});

test('table-of-contents levels must be 2 to 6 and in order', () => {
  assert.match(failure('---\ntoc_max_heading_level: 9\n---\n').message, /heading level from 2 to 6/);
  assert.match(failure('---\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n---\n').message, /larger than/);
});

test('a front matter block of comments only, or an empty one, is empty front matter (Docusaurus builds such files)', () => {
  for (const text of ['---\n# tags: [later]\n#   - draft\n---\n# Body\n', '---\r\n  # only a comment\r\n\r\n---\r\n# Body\n', '---\n---\n# Body\n']) {
    const diagnostics = new Diagnostics();
    const { frontMatter, body, bodyLineOffset } = split(text, diagnostics);
    assert.equal(frontMatter.title, undefined, JSON.stringify(text));
    assert.deepEqual(frontMatter.tags, []);
    assert.equal(body, '# Body\n');
    assert.equal(bodyLineOffset, text.split('\n').length - 2);
    assert.deepEqual(diagnostics.warnings, []);
  }
  // A comment beside a key is still read as YAML.
  assert.equal(split('---\n# the title\ntitle: Kept\n---\n').frontMatter.title, 'Kept');
});

test('a compact front matter (what a production build keeps) reads every key as the full one, and holds only the keys set', () => {
  const full = split([
    '---', 'title: Create a tune', 'sidebar_position: 0', 'tags: [flux]', 'hide_title: true', 'custom_edit_url: null',
    'pagination_next: null', 'pagination_prev: guide/intro', 'sidebar_class_name: wide', '---', '', '# Body', '',
  ].join('\n')).frontMatter;
  const bare = split('# Body\n').frontMatter;
  for (const frontMatter of [full, bare]) {
    const compact = compactFrontMatter(frontMatter);
    for (const key of Object.keys(frontMatter) as (keyof FrontMatter)[]) assert.deepEqual(compact[key], frontMatter[key], key);
  }
  assert.deepEqual(Object.keys(compactFrontMatter(full)).sort(),
    ['customEditUrl', 'hideTitle', 'lines', 'paginationNext', 'paginationPrev', 'sidebarClassName', 'sidebarPosition', 'tags', 'title']);
  assert.deepEqual(Object.keys(compactFrontMatter(bare)), []);
  // A key set on one compact front matter is its own: the defaults the others read are untouched.
  const one = compactFrontMatter(bare);
  one.draft = true;
  assert.equal(compactFrontMatter(bare).draft, false);
});
