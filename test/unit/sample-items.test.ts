// The sample check reads what the transform already lexed (lib/check/sample-items.ts): the same
// problems and warnings, at the same lines, as reading the page again; and the check stage really
// takes them from the transformed doc instead of lexing the body once more.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lexedItems, type MarkdownItem } from '../../lib/check/sample-items.ts';
import { checkSamples, checkSource } from '../../lib/check/samples.ts';
import { Diagnostics } from '../../lib/diagnostics.ts';
import type { DocSource } from '../../lib/load/content.ts';
import { parseYaml } from '../../lib/load/config.ts';
import { validateApiDescription } from '../../lib/load/openapi.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import { ROOT } from '../helpers/site.ts';

const apiFile = 'content/api/openapi.yaml';
const apiText = readFileSync(join(ROOT, 'test/fixtures/bad-samples', apiFile), 'utf8');
const api = validateApiDescription(parseYaml({ file: apiFile, text: apiText, lineOffset: 0 }), apiText, apiFile);

const OFFSET = 3;

/** What the transform reads of a body for the check (undefined: the check must read the page itself). */
function transformItems(body: string, description = api): MarkdownItem[] | undefined {
  return markdownToHtml(body, {
    file: 'page.md', absPath: join(ROOT, 'page.md'), route: '/docs/page/', bodyLineOffset: OFFSET, baseUrl: '/',
    resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics: new Diagnostics(), api: description,
  }).samples;
}

function outcome(body: string, items: MarkdownItem[] | undefined): string[] {
  const diagnostics = new Diagnostics();
  const errors = checkSource({ file: 'page.md', body, bodyLineOffset: OFFSET, items }, api, diagnostics);
  return [...errors.map((error) => `error ${error.line}: ${error.problem}`), ...diagnostics.warnings.map((warning) => `warning ${warning.line}: ${warning.message}`)];
}

const wrongBody = '```bash\ncurl -X POST https://api.example.com/things -H "Content-Type: application/json" \\\n  -d \'{"thing": {"kind": "medium"}}\'\n```\n';
const unreadable = '```js\nconst url = base + "/things";\nawait fetch(`${url}`, { method: "POST" });\n```\n';

const BODIES: Record<string, string> = {
  'fenced blocks, prose mentions and a heading': `# Title\n\nCall GET /thingz/1 first.\n\n${wrongBody}\nThen POST /things.\n`,
  'nested in lists, admonitions and quotes': `- item\n\n  ${wrongBody.replaceAll('\n', '\n  ')}\n:::note\n\nSee DELETE /nothing/here.\n\n${unreadable}:::\n\n> GET /things/7\n> ${'```'}bash\n> curl https://api.example.com/thingz\n> ${'```'}\n`,
  'a table, a setext heading and an indented block': `| a | b |\n|---|---|\n| GET /thingz | x |\n\nHeading GET /nope\n---\n\n    curl https://api.example.com/thingz\n\nPUT\n/things/1 over two lines.\n`,
  'operation blocks between paragraphs': `Before GET /thingz.\n\n::operation createThing\n\nAfter POST /nothing.\n${wrongBody}\nText\n::operation listTunes\nGET /thingz right after.\n`,
  'no code and no method': 'Just words.\n',
};

test('the transform gives the check the same problems and warnings, at the same lines, as reading the page again', () => {
  for (const [name, body] of Object.entries(BODIES)) {
    const items = transformItems(body);
    assert.ok(items, `${name}: the transform could tell`);
    const expected = outcome(body, undefined);
    assert.deepEqual(outcome(body, items), expected, name);
    if (name !== 'no code and no method') assert.ok(expected.length > 0, `${name}: the body has something to report`);
  }
  // Without operation blocks the items are the same as well.
  const plain = BODIES['nested in lists, admonitions and quotes'] as string;
  assert.deepEqual(transformItems(plain), lexedItems(plain, OFFSET));
});

test('where the two readings could differ, the transform leaves the page to the check', () => {
  // An operation named like a method: read without operation blocks, "GET" and the next line are one mention.
  const methodNamed = '::operation GET\n/thingz is read as a path.\n';
  // An "::operation" line that is not a block (inside a table, or not a valid block) and one inside a code block.
  const table = '| a |\n|---|\n| GET /thingz |\n::operation createThing\n';
  const invalid = 'Text\n::operation two words\nGET /thingz\n';
  const fenced = '```text\n::operation createThing\n```\n\nGET /thingz\n';
  // (An API whose operation is named "GET".)
  const withGet = { ...api, operations: new Map([...api.operations, ['GET', api.operations.get('createThing')!]]) };
  for (const body of [methodNamed, table, invalid, fenced]) assert.equal(transformItems(body, withGet), undefined, body);
  assert.ok(transformItems('::operation createThing\n\n/thingz is a path.\n', withGet));
});

test('the check stage reads the items the transformed doc carries, not its body', () => {
  const source: DocSource = { file: 'content/docs/page.md', body: 'Nothing to check here.\n', bodyLineOffset: 0 } as DocSource;
  const samples: MarkdownItem[] = [{ type: 'prose', text: 'See GET /thingz.', line: 7 }];
  const errors = checkSamples({ docs: [{ source, samples }], pages: [], siteDir: ROOT }, api, new Diagnostics());
  assert.deepEqual(errors.map((error) => `${error.line}: ${error.problem.split(':')[0]}`), ['7: "GET /thingz" is not an operation of content/api/openapi.yaml']);
});
