// Page data (lib/assemble/page-data.ts): what a page shows that is derived, computed once in assemble.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { createElement } from 'react';
import { TemplatePage } from '../../lib/assemble/page-data.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';

/** Each linked category of the page's sidebar (beside the content) with whether its <details> is open. */
function sidebarCategories(outDir: string, route: string): Record<string, boolean> {
  const html = readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');
  const nav = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return Object.fromEntries([...nav.matchAll(/>([^<>]+)<\/a>\s*<details( open="")?>/g)].map((match) => [match[1], match[2] !== undefined]));
}

test('a collapsed sidebar category is open on the pages it leads to (its own, those inside it) and closed elsewhere', async (t) => {
  const collapsed = (file: string) => JSON.stringify({ ...JSON.parse(readFileSync(join(BASIC_FIXTURE, file), 'utf8')) as object, collapsed: true });
  const site = fixtureWith({
    'content/docs/reference/_category_.json': collapsed('content/docs/reference/_category_.json'),
    'content/docs/reference/0-things/_category_.json': collapsed('content/docs/reference/0-things/_category_.json'),
  });
  const { outDir } = await buildInto(site);
  t.after(() => {
    rmSync(site, { recursive: true, force: true });
    rmSync(dirname(outDir), { recursive: true, force: true });
  });
  assert.deepEqual(sidebarCategories(outDir, '/docs/reference/things/create/'), { Guides: true, Reference: true, Things: true });
  assert.deepEqual(sidebarCategories(outDir, '/docs/category/things/'), { Guides: true, Reference: true, Things: true });
  assert.deepEqual(sidebarCategories(outDir, '/docs/category/reference/'), { Guides: true, Reference: true, Things: false });
  assert.deepEqual(sidebarCategories(outDir, '/docs/guides/first/'), { Guides: true, Reference: false, Things: false });
});

test('a page\'s key follows its data; data holding anything but plain values is refused: the key would not show it', () => {
  const template = () => createElement('p');
  const key = (props: object) => new TemplatePage('/a/', 'a/index.html', template, () => props).key();
  const page = { title: 'A', items: [1, { b: null }], html: 'x'.repeat(5000) };
  assert.equal(key(page), key({ ...page }));
  for (const other of [{ ...page, title: 'B' }, { ...page, items: [1, { b: 0 }] }, { ...page, items: [[1], { b: null }] }, { ...page, html: `${'x'.repeat(4999)}y` }, { ...page, extra: '' }]) {
    assert.notEqual(key(other), key(page), JSON.stringify(other).slice(0, 80));
  }
  assert.throws(() => key({ updated: new Date(0) }), /holds a Date/);
  assert.throws(() => key({ routes: new Map([['a', 1]]) }), /holds a Map/);
});
