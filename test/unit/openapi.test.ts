import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { BuildError, BuildFailure, Diagnostics } from '../../lib/diagnostics.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import type { MarkdownContext } from '../../lib/transform/types.ts';
import { validateApiDescription } from '../../lib/load/openapi.ts';
import type { ApiDescription } from '../../lib/openapi-model.ts';
import { curlSample, exampleRequest, pythonLiteral } from '../../lib/transform/samples.ts';
import { ROOT } from '../helpers/site.ts';

const FILE = 'content/api/openapi.yaml';
const text = readFileSync(join(ROOT, 'test/fixtures/api/openapi.yaml'), 'utf8');
const api = validateApiDescription(load(text), text, FILE);

function rejects(changed: string): string {
  try {
    validateApiDescription(load(changed), changed, FILE);
  } catch (error) {
    assert.ok(error instanceof BuildFailure || error instanceof BuildError, String(error));
    return error.message;
  }
  assert.fail('expected the description to be rejected');
}

function render(markdown: string, description: ApiDescription | undefined = api) {
  const context: MarkdownContext = {
    file: 'content/docs/api/page.md', absPath: join(ROOT, 'content/docs/api/page.md'), route: '/docs/api/page/', bodyLineOffset: 2,
    baseUrl: '/', resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics: new Diagnostics(), api: description,
  };
  return markdownToHtml(markdown, context);
}

test('the description loads its operations', () => {
  assert.deepEqual([...api.operations.keys()], ['createThing', 'retrieveThing']);
  assert.equal(api.serverUrl, 'https://api.example.com');
});

test('an unknown $ref fails with its line', () => {
  const message = rejects(text.replace('#/components/schemas/Thing"\n              example:\n                id: 7\n                name: Lamp', '#/components/schemas/Thingy"\n              example:\n                id: 7\n                name: Lamp'));
  const line = text.split('\n').findIndex((l, i, all) => l.includes('#/components/schemas/Thing"') && all[i + 3]?.includes('Lamp')) + 1;
  assert.match(message, new RegExp(`^content/api/openapi\\.yaml:${line}: Unknown \\$ref "#/components/schemas/Thingy"`));
});

test('an example without a required field of its schema fails, naming the operation and the field', () => {
  const message = rejects(text.replace('                id: 7\n                name: Lamp', '                id: 7'));
  assert.match(message, /The 200 response \(application\/json\) example of "retrieveThing" lacks required field\(s\): name\./);
  const body = rejects(text.replace('                name: "It\'s a thing"\n                size: 2', '                size: 2'));
  assert.match(body, /request \(application\/json\) example of "createThing" lacks required field\(s\): thing\.name/);
});

test('a path parameter without an example fails: the samples need a value', () => {
  assert.match(rejects(text.replace('        example: 7\n    get:', '    get:')), /Path parameter "id" of "retrieveThing" has no example/);
});

test('an operation without operationId or summary, or a duplicate id, fails', () => {
  assert.match(rejects(text.replace('      summary: Retrieve a thing\n', '')), /GET \/things\/\{id\} needs an operationId, a summary and responses/);
  assert.match(rejects(text.replace('operationId: retrieveThing', 'operationId: createThing')), /operationId "createThing" is used twice/);
  assert.match(rejects('openapi: 3.0.0\npaths: {}\n'), /must be an OpenAPI 3\.1 document/);
});

test('"::operation id" renders method, path, parameter tables, three sample tabs and the example response', () => {
  const { html, operations } = render('Intro.\n\n::operation createThing\n\nAfter.\n');
  assert.deepEqual(operations, ['createThing']);
  assert.match(html, /<section class="api-operation" aria-label="POST \/things" data-operation-id="createThing">/);
  assert.match(html, /<span class="api-method api-method--post">POST<\/span> <code>\/things<\/code>/);
  assert.match(html, /<code>thing<wbr>\[name\]<\/code> <span class="api-required">required<\/span><\/td><td>string<\/td><td>What the thing is called\.<\/td>/);
  assert.match(html, /<code>thing<wbr>\[size\]<\/code><\/td><td>integer<\/td><td>Default: <code>3<\/code>\. Minimum: 1\. Maximum: 10\.<\/td>/);
  assert.match(html, /One of: <code>small<\/code>, <code>large<\/code>\./);
  assert.deepEqual([...html.matchAll(/data-tab-label="([^"]+)"/g)].map((m) => m[1]), ['cURL', 'Node.js', 'Python']);
  assert.match(html, /Example response <code>201<\/code>/);
  assert.match(html, /<li><code>422<\/code> The request was not valid\./);
  assert.match(html, /<p>After\.<\/p>/);
});

test('an unknown operation id fails the build with the file and line', () => {
  assert.throws(() => render('Intro.\n\n::operation deleteEverything\n'), (error: unknown) => {
    assert.ok(error instanceof BuildError);
    assert.equal(error.line, 5);
    assert.match(error.message, /Unknown API operation "deleteEverything"/);
    assert.match(error.hint, /createThing, retrieveThing/);
    return true;
  });
});

/** Reads back the parts of a generated cURL command. */
function parseCurl(command: string): { method: string; url: string; headers: Record<string, string>; data: unknown } {
  const method = /-X (\w+)/.exec(command)?.[1] ?? 'GET';
  const url = /"(https:[^"]+)"/.exec(command)?.[1] ?? '';
  const headers = Object.fromEntries([...command.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const rawData = /-d '([\s\S]*)'$/.exec(command)?.[1];
  return { method, url, headers, data: rawData === undefined ? undefined : JSON.parse(rawData.replace(/'\\''/g, "'")) };
}

test('cURL samples parse back to the operation: method, URL, headers and JSON body', () => {
  const create = api.operations.get('createThing');
  const retrieve = api.operations.get('retrieveThing');
  assert.ok(create && retrieve);
  const post = parseCurl(curlSample(exampleRequest(api, create)));
  assert.equal(post.method, 'POST');
  assert.equal(post.url, 'https://api.example.com/things');
  assert.equal(post.headers.Authorization, 'Bearer $API_KEY');
  assert.equal(post.headers['Content-Type'], 'application/json');
  assert.deepEqual(post.data, { thing: { name: "It's a thing", size: 2, ok: true } });
  const get = parseCurl(curlSample(exampleRequest(api, retrieve)));
  assert.equal(get.method, 'GET');
  assert.equal(get.url, 'https://api.example.com/things/7?verbose=true');
  assert.equal(get.data, undefined);
});

test('Python samples use Python literals', () => {
  assert.equal(pythonLiteral({ a: true, b: null, c: [1, 'x'] }), '{\n    "a": True,\n    "b": None,\n    "c": [\n        1,\n        "x",\n    ],\n}');
});

test('the fixture description itself is valid OpenAPI 3.1 for a standard validator', async () => {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  await SwaggerParser.validate(join(ROOT, 'test/fixtures/api/openapi.yaml'));
});
