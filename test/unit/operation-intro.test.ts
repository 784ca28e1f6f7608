// An endpoint page says what its operation does once: in its own words when it has an introduction,
// else with the operation's description from openapi.yaml (lib/transform/operation-intro.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { validateApiDescription } from '../../lib/load/openapi.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import { introducesOperations } from '../../lib/transform/operation-intro.ts';
import type { MarkdownContext } from '../../lib/transform/types.ts';
import { ROOT } from '../helpers/site.ts';

const text = readFileSync(join(ROOT, 'test/fixtures/api/openapi.yaml'), 'utf8');
const api = validateApiDescription(load(text), text, 'content/api/openapi.yaml');
/** The fixture's description of createThing, as the block renders it. */
const DESCRIPTION = /<p>Creates a thing from a <code>name<\/code>\.<\/p>/;

function render(markdown: string): string {
  const context: MarkdownContext = {
    file: 'content/docs/api/page.md', absPath: join(ROOT, 'content/docs/api/page.md'), route: '/docs/api/page/', bodyLineOffset: 2,
    baseUrl: '/', resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics: new Diagnostics(), api,
  };
  return markdownToHtml(markdown, context).html;
}

test('a page that introduces its operation shows the block without the description', () => {
  const html = render('# Create a thing\n\nMakes a thing for you, [with a link](/docs/).\n\n::operation createThing\n');
  assert.doesNotMatch(html, DESCRIPTION);
  assert.match(html, /<div class="api-operation__doc">\s*<h3 id="createThing-request-body" class="anchor">Request body</);
  assert.match(render(':::info Before you start\nRead the overview.\n:::\n\n::operation createThing\n'), /<div class="api-operation__doc">\s*<h3/);
});

test('a page that starts with its operation (headings aside) shows the description', () => {
  assert.match(render('::operation createThing\n'), DESCRIPTION);
  assert.match(render('# Things\n\n## Create\n\n::operation createThing\n\nMore about things.\n'), DESCRIPTION);
});

test('only what comes before the first operation counts, and headings are not an introduction', () => {
  assert.equal(introducesOperations('# Title\r\n\r\n## Section\n#\n\n::operation a\n\nText after.\n'), false);
  assert.equal(introducesOperations('# Title\n\nText.\n\n::operation a\n'), true);
  assert.equal(introducesOperations('#hashtag is text\n::operation a\n'), true);
  assert.equal(introducesOperations('Text and no operation'), true);
  assert.equal(introducesOperations(''), false);
});
