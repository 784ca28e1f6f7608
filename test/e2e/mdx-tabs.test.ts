// MDX Tabs (@theme/Tabs and @theme/TabItem) in Chromium: the default tab is shown first, groups
// with the same groupId switch together on a page and later pages, the choice is remembered, and
// groups without a groupId (and the code tabs) keep their own choice.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { siteInChromium } from '../helpers/browser.ts';
import { fixtureWith } from '../helpers/site.ts';

const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";

const site = fixtureWith({
  'content/docs/guides/3-install.md': `# Install\n\n${IMPORTS}<Tabs groupId="os">
  <TabItem value="mac" label="macOS">
    Install with **Homebrew**.
  </TabItem>
  <TabItem value="linux" label="Linux" default>
    Install with apt.
  </TabItem>
</Tabs>

<Tabs groupId="os">
<TabItem value="mac" label="macOS">Mac path: ~/Library</TabItem>
<TabItem value="linux" label="Linux">Linux path: ~/.config</TabItem>
</Tabs>

<Tabs>
<TabItem value="stable" label="macOS">Local first</TabItem>
<TabItem value="beta" label="Linux">Local second</TabItem>
</Tabs>
`,
  'content/docs/guides/4-upgrade.md': `# Upgrade\n\n${IMPORTS}<Tabs groupId="os">
<TabItem value="mac" label="macOS">Upgrade on a Mac</TabItem>
<TabItem value="linux" label="Linux">Upgrade on Linux</TabItem>
</Tabs>
`,
});
after(() => rmSync(site, { recursive: true, force: true }));
const live = siteInChromium(site);

const selected = (group: Locator) => group.getByRole('tab', { selected: true }).textContent();

test('MDX tabs: default first, synced by groupId on the page and later pages, remembered; other groups keep their own', async () => {
  const page = await live.open('/docs/guides/install/');
  const groups = page.locator('.code-tabs');
  const [first, second, local] = [groups.nth(0), groups.nth(1), groups.nth(2)];
  assert.equal(await selected(first), 'Linux', 'the default item is shown first');
  assert.equal(await selected(second), 'macOS', 'a group without a default starts on its first tab');
  assert.ok(await first.getByText('Install with apt.').isVisible());
  assert.equal(await first.getByText('Install with Homebrew.').isVisible(), false);

  await first.getByRole('tab', { name: 'macOS' }).click();
  await second.getByRole('tab', { name: 'Linux' }).click();
  assert.equal(await selected(first), 'Linux', 'the group of the same id follows');
  assert.ok(await second.getByText('Linux path: ~/.config').isVisible());
  assert.equal(await selected(local), 'macOS', 'a group without groupId is not synced, even by a label it shares');

  await local.getByRole('tab', { name: 'Linux' }).click();
  assert.equal(await selected(first), 'Linux');
  assert.ok(await local.getByText('Local second').isVisible());
  const stored = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('code-tab')));
  assert.deepEqual(stored, [['code-tab.os', 'linux']], 'only the groupId choice is stored, by value, apart from the code tabs\' choice');

  await page.goto(`${live.url}/docs/guides/upgrade/`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  assert.equal(await selected(page.locator('.code-tabs')), 'Linux', 'a later page shows the remembered tab');
  assert.ok(await page.getByText('Upgrade on Linux').isVisible());

  await page.goto(`${live.url}/docs/guides/install/`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  assert.equal(await selected(page.locator('.code-tabs').nth(0)), 'Linux');
  assert.equal(await selected(page.locator('.code-tabs').nth(2)), 'macOS', 'a local group starts over');
});
