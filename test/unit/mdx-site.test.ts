// MDX in a built site: a doc full of Docusaurus MDX builds, and no page of the output shows an
// import/export line, a JSX tag or a `{…}` comment as text; DocCardList shows the cards of the doc's
// sidebar category.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildInto, fixtureWith } from '../helpers/site.ts';

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const OVERVIEW = `---
description: Every guide about generating images.
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Admonition from '@theme/Admonition';
import TOCInline from '@theme/TOCInline';
import DocCardList from '@theme/DocCardList';
import Playground from '@site/src/components/Playground';
export const model = 'v2';

# Guides overview

{/* Reviewed by the API team. */}

<TOCInline toc={toc} />

## Pick a guide

<DocCardList />

## Try it

<Tabs groupId="language">
  <TabItem value="js" label="Node.js">
    Call \`client.generate()\`.
  </TabItem>
  <TabItem value="py" label="Python">
    Call \`client.generate()\` too.
  </TabItem>
</Tabs>

<Admonition type="note" title="Quota">Each call uses one credit.</Admonition>

<details>
<summary>What is a credit?</summary>

One generated image.

</details>

<Playground model="v2" />

<div className="row" style={{display: 'flex', gap: 8}}>Side by side</div>
`;

/** Every page's text outside code, scripts and attribute values: what a reader sees. */
function visibleText(html: string): string {
  return html
    .replace(/<(pre|code|script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, '\n');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html')).map((name) => join(dir, name));
}

test('an .mdx doc full of MDX builds; no page shows an import line, a JSX tag or a comment in braces; DocCardList shows the category', async () => {
  const site = fixtureWith({ 'content/docs/guides/0-overview.mdx': OVERVIEW });
  made.push(site);
  const { outDir, result } = await buildInto(site);
  made.push(join(outDir, '..'));
  assert.deepEqual(result.warnings.map((warning) => `${warning.file}:${warning.line}: ${warning.message.slice(0, 40)}`),
    ['content/docs/guides/0-overview.mdx:43: <Playground> (imported from "@site/src/c']);

  for (const file of htmlFiles(outDir)) {
    const text = visibleText(readFileSync(file, 'utf8'));
    assert.doesNotMatch(text, /^\s*(?:import|export)\s[^\n]*(?:from\s|=)/m, file);
    assert.doesNotMatch(text, /<\/?[A-Z][\w.]*|&lt;\/?[A-Z]/, file);
    assert.doesNotMatch(text, /\{\s*\/\*|className=|style=\{/, file);
  }

  const page = readFileSync(join(outDir, 'docs/guides/overview/index.html'), 'utf8');
  const cards = /<ul class="cards">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? '';
  assert.deepEqual([...cards.matchAll(/href="([^"]+)"/g)].map((match) => match[1]), ['/docs/guides/first/', '/docs/guides/second/']);
  assert.doesNotMatch(page, /data-doc-card-list/);
  assert.match(page, /<ul class="toc-inline">\s*<li><a href="#pick-a-guide">Pick a guide<\/a><\/li>/);
  assert.match(page, /<div class="code-tabs" data-tab-group="language">/);
});
