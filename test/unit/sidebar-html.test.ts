// The sidebars' HTML (lib/render/sidebar-html.tsx) is made once per sidebar and kept for the last
// few sidebars only: a sidebar made again after others pushed it out is the same HTML, with the
// page's own link marked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SiteContextValue } from '../../components/SiteContext.tsx';
import type { SidebarItem } from '../../lib/model.ts';
import { sidebarRenderer } from '../../lib/render/sidebar-html.tsx';

test('a sidebar made again after twelve others is the same HTML, marking the current page', () => {
  const sidebars = new Map<string, SidebarItem[]>();
  for (let n = 0; n < 12; n++) {
    sidebars.set(`s${n}`, ['a', 'b', 'c'].map((name) => ({ type: 'doc', id: `s${n}/${name}`, label: `Page ${name.toUpperCase()} of ${n}`, route: `/docs/s${n}/${name}/` })));
  }
  const site = { config: { baseUrl: '/' } } as unknown as SiteContextValue;
  const render = sidebarRenderer(sidebars);
  const pages = [...sidebars.keys()].flatMap((key) => ['a', 'c'].map((name) => ({ key, current: `/docs/${key}/${name}/`, open: [] })));
  const first = pages.map((marks) => render(marks, site));
  const again = pages.map((marks) => render(marks, site));
  assert.deepEqual(again, first);
  for (const [index, html] of first.entries()) {
    const current = pages[index]?.current ?? '';
    assert.match(html, new RegExp(`href="${current}"[^>]*aria-current="page"`), `${current} is marked as the current page`);
    assert.equal(html.match(/aria-current="page"/g)?.length, 1);
  }
});
