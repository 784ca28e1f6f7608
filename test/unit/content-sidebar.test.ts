import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { loadContent, parseNumberPrefix } from '../../lib/load/content.ts';
import { BuildError, Diagnostics } from '../../lib/diagnostics.ts';
import type { DocPage, SidebarItem } from '../../lib/model.ts';
import { transformDoc } from '../../lib/transform/doc.ts';
import { buildSidebar, flattenSidebar, layoutSidebar } from '../../lib/assemble/sidebar.ts';
import { DocIds } from '../../lib/assemble/doc-ids.ts';
import { tempDir } from '../helpers/site.ts';

function writeTree(files: Record<string, string>): string {
  const root = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'docs', path)), { recursive: true });
    writeFileSync(join(root, 'docs', path), text);
  }
  return root;
}

const generated = (label: string, extra = '') => `{"label": "${label}"${extra}, "link": {"type": "generated-index"}}`;

// The ordering cases of the site brief: prefixes, ties, folders and unprefixed files.
const TREE = {
  '0-changes.md': '# Changes\n',
  'use-cases/_category_.json': generated('Use cases', ', "position": 1'),
  'use-cases/0-ai-photoshoot.md': '# AI Photoshoot\n',
  'use-cases/05-finetuning-guide.md': '# Fine-tuning guide\n',
  'use-cases/05-flux-finetuning.md': '# Flux training\n',
  'use-cases/masked-portraits.md': '# Masked portraits\n',
  'use-cases/10-sdxl-training.md': '# SDXL training\n',
  'features/_category_.json': generated('Features', ', "position": 2'),
  'features/faceid.md': '# FaceID\n',
  'features/faceid-flux.md': '# FaceID for Flux\n',
  'api/_category_.json': generated('API', ', "position": 3'),
  'api/0-overview.md': '# Overview\n',
  'api/0-tune/_category_.json': generated('Tunes'),
  'api/0-tune/0-tune.md': '---\ntitle: The tune object\n---\nText.\n',
  'api/0-tune/1-create.md': '# Create a tune\n',
  'api/1-prompt/_category_.json': generated('Prompts'),
  'api/1-prompt/0-prompt.md': '# The prompt object\n',
  'api/2-pack/_category_.json': generated('Packs'),
  'api/2-pack/2-get.md': '# Retrieve a pack\n',
  'api/2-pack/2-tunes/_category_.json': generated('Pack tunes'),
  'api/2-pack/2-tunes/0-create.md': '# Create a tune from a pack\n',
  'api/05-flux-api.md': '# Flux API usage\n',
  'api/5-themes/_category_.yml': 'label: Themes\nlink:\n  type: generated-index\n',
  'api/5-themes/0-create.md': '# Create a theme\n',
};

function load(files: Record<string, string> = TREE) {
  const root = writeTree(files);
  const diagnostics = new Diagnostics();
  const content = loadContent({ root, docsDir: join(root, 'docs'), docsPath: '/docs', diagnostics });
  const docs = content.docs.map((source) => transformDoc(source, {
    baseUrl: '/', tagsRoute: '/docs/tags/', diagnostics, resolveDocFile: () => undefined, addAsset: () => undefined,
  }));
  return { content, docs, sidebar: buildSidebar(docs, content.categories, new DocIds(docs, [])) };
}

function labels(items: SidebarItem[]): unknown[] {
  return items.map((item) => (item.type === 'category' ? { [item.label]: labels(item.items) } : item.label));
}

test('number prefixes give the position and are removed from ids and routes', () => {
  assert.deepEqual(parseNumberPrefix('05-flux-api'), { position: 5, name: 'flux-api' });
  assert.deepEqual(parseNumberPrefix('0-tune'), { position: 0, name: 'tune' });
  assert.deepEqual(parseNumberPrefix('flux-api'), { position: undefined, name: 'flux-api' });
  // Docusaurus's separators: "-", "_" or ".", with spaces around them.
  assert.deepEqual(parseNumberPrefix('02_guides'), { position: 2, name: 'guides' });
  assert.deepEqual(parseNumberPrefix('3.setup'), { position: 3, name: 'setup' });
  assert.deepEqual(parseNumberPrefix('004 - Upscale'), { position: 4, name: 'Upscale' });
  assert.deepEqual(parseNumberPrefix('7__tunes'), { position: 7, name: 'tunes' });
  // Not a prefix: dates, versions, a whole-number name, digits inside a name, nothing after the separator.
  for (const name of ['2024-01-release', '31-01-2024 notes', '1.2-notes', '8.0', '01_02', '2024', 'v2-api', 'flux-1-dev', '1-', '1-..', '12 flux']) {
    assert.deepEqual(parseNumberPrefix(name), { position: undefined, name }, name);
  }
  const { docs } = load();
  const byId = new Map(docs.map((doc: DocPage) => [doc.id, doc.route]));
  assert.equal(byId.get('changes'), '/docs/changes/');
  assert.equal(byId.get('api/tune/create'), '/docs/api/tune/create/');
  assert.equal(byId.get('api/pack/tunes/create'), '/docs/api/pack/tunes/create/');
  // The folder-index rule: "0-tune/0-tune.md" is the folder's page, "1-prompt/0-prompt.md" is not.
  assert.equal(byId.get('api/tune/tune'), '/docs/api/tune/');
  assert.equal(byId.get('api/prompt/prompt'), '/docs/api/prompt/prompt/');
});

test('the sidebar follows the ordering rules of the site brief', () => {
  const { sidebar } = load();
  assert.deepEqual(labels(sidebar), [
    'Changes',
    { 'Use cases': ['AI Photoshoot', 'Fine-tuning guide', 'Flux training', 'SDXL training', 'Masked portraits'] },
    { Features: ['FaceID for Flux', 'FaceID'] },
    { API: [
      'Overview',
      { Tunes: ['The tune object', 'Create a tune'] },
      { Prompts: ['The prompt object'] },
      { Packs: ['Retrieve a pack', { 'Pack tunes': ['Create a tune from a pack'] }] },
      'Flux API usage',
      { Themes: ['Create a theme'] },
    ] },
  ]);
  const api = sidebar[3];
  assert.ok(api?.type === 'category');
  assert.equal(api.route, '/docs/category/api/');
  const packs = api.items[3];
  assert.ok(packs?.type === 'category');
  assert.equal((packs.items[1] as { route?: string }).route, '/docs/category/pack-tunes/');
});

test('previous/next follow the sidebar, category pages included; breadcrumbs list the categories', () => {
  const { sidebar } = load();
  const order = flattenSidebar(sidebar);
  assert.deepEqual(order.slice(0, 3).map((link) => link.route), ['/docs/changes/', '/docs/category/use-cases/', '/docs/use-cases/ai-photoshoot/']);
  const layout = layoutSidebar(sidebar, false);
  const { previous, next } = layout.neighbours('/docs/api/tune/');
  assert.equal(previous?.route, '/docs/category/tunes/');
  assert.equal(next?.label, 'Create a tune');
  assert.deepEqual(layout.trailOf('/docs/api/pack/tunes/create/').map((c) => c.label), ['API', 'Packs', 'Pack tunes']);
  assert.deepEqual(layout.trailOf('/docs/category/packs/').map((c) => c.label), ['API']);
  assert.equal(layout.sidebarOf('/docs/api/tune/'), sidebar);
});

test('with a sidebar per folder, a page shows its section only and reads on within it', () => {
  const { sidebar } = load();
  const layout = layoutSidebar(sidebar, true);
  const api = layout.sidebarOf('/docs/api/tune/');
  assert.equal(api.length, 1);
  assert.equal(api[0]?.label, 'API');
  const inApi = new Set(flattenSidebar(api).map((link) => link.route));
  assert.ok(inApi.has('/docs/api/pack/tunes/create/') && !inApi.has('/docs/use-cases/ai-photoshoot/'));
  // The first page of a section starts its reading order; the last one ends it.
  const order = flattenSidebar(api);
  assert.equal(layout.neighbours(order[0]?.route ?? '').previous, undefined);
  assert.equal(layout.neighbours(order.at(-1)?.route ?? '').next, undefined);
  // Pages outside every section see the top-level docs and one link per section.
  assert.deepEqual(layout.root.map((item) => item.type), sidebar.map((item) => (item.type === 'category' ? 'doc' : item.type)));
  assert.equal(layout.sidebarOf('/docs/changes/'), layout.root);
  assert.deepEqual(layout.trailOf('/docs/api/pack/tunes/create/').map((c) => c.label), ['API', 'Packs', 'Pack tunes']);
});

test('slug front matter sets the route, absolute or relative to the folder', () => {
  const { docs } = load({
    'guides/a.md': '---\nslug: /start-here\n---\n# A\n',
    'guides/b.md': '---\nslug: second\n---\n# B\n',
    'index.md': '---\nslug: /\nsidebar_exclude: true\n---\n# Docs\n',
  });
  const routes = docs.map((doc) => doc.route).sort();
  assert.deepEqual(routes, ['/docs/', '/docs/guides/second/', '/docs/start-here/']);
});

test('a folder of images only is not a sidebar category', () => {
  const { sidebar } = load({ 'guides/a.md': '# A\n', 'guides/img/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  assert.deepEqual(labels(sidebar), [{ guides: ['A'] }]);
});

test('a doc excluded from the sidebar is not listed', () => {
  const { sidebar } = load({ 'index.md': '---\nsidebar_exclude: true\n---\n# Docs\n', 'a.md': '# A\n' });
  assert.deepEqual(labels(sidebar), ['A']);
});

test('an invalid _category_.json names the file and the line', () => {
  try {
    load({ 'x/_category_.json': '{\n  "label": "X",\n  "position": 1,\n}\n', 'x/a.md': '# A\n' });
    assert.fail('expected an error');
  } catch (error) {
    assert.ok(error instanceof BuildError, String(error));
    assert.equal(error.file.endsWith('docs/x/_category_.json'), true);
    assert.equal(error.line, 4);
    assert.match(error.message, /Invalid JSON/);
  }
});

test('a _category_ file with a wrong type or unknown key is rejected with its line', () => {
  try {
    load({ 'x/_category_.yml': 'label: X\nposition: first\n', 'x/a.md': '# A\n' });
    assert.fail('expected an error');
  } catch (error) {
    assert.ok(error instanceof BuildError);
    assert.equal(error.line, 2);
    assert.match(error.message, /"position" must be a number/);
  }
  try {
    load({ 'x/_category_.yml': 'label: X\nlink:\n  type: generated\n', 'x/a.md': '# A\n' });
    assert.fail('expected an error');
  } catch (error) {
    assert.ok(error instanceof BuildError);
    assert.equal(error.line, 3);
    assert.match(error.message, /Unknown category link type "generated"/);
  }
});
