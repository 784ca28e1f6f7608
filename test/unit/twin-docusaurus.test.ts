// The markdown twin (lib/transform/twin.ts) of a page written as Docusaurus writes it: magic
// comment lines left out as on the page, and either admonition title form read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocPage } from '../../lib/model.ts';
import { docMarkdown } from '../../lib/transform/twin.ts';

function twin(body: string): string {
  const doc = { hasH1: true, title: 'T', route: '/docs/t/', source: { body, absPath: '/site/content/docs/t.md' } } as unknown as DocPage;
  return docMarkdown(doc, { origin: 'https://docs.example.com', url: (route) => `https://docs.example.com${route}`, resolveDocFile: () => undefined, imageUrl: () => undefined });
}

test('a twin leaves out magic comment lines, unless line ranges keep them (as the page does)', () => {
  assert.equal(twin('# T\n\n```js showLineNumbers\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```\n'), '# T\n\n```js\nconst a = 1;\nconst b = 2;\n```\n');
  assert.equal(twin('# T\n\n```js {2}\n// highlight-next-line\nconst b = 2;\n```\n'), '# T\n\n```js\n// highlight-next-line\nconst b = 2;\n```\n');
});

test('a twin turns both admonition title forms and the Docusaurus types into block quotes', () => {
  assert.equal(twin('# T\n\n:::warning[Keys]\nRotate them.\n:::\n\n:::important Seeds\nKeep them.\n:::\n'),
    '# T\n\n> **Warning: Keys**\n>\n> Rotate them.\n\n> **Important: Seeds**\n>\n> Keep them.\n');
});
