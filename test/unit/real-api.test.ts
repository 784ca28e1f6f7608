// The real API reference: one OpenAPI description, every operation rendered on exactly one page,
// every generated sample consistent with its operation, the description published and parseable.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { loadApiDescription } from '../../lib/load/openapi.ts';
import { exampleRequest, nodeSample, pythonSample, curlSample } from '../../lib/transform/samples.ts';
import { buildInto, ROOT } from '../helpers/site.ts';

const api = loadApiDescription(join(ROOT, 'content/api/openapi.yaml'), 'content/api/openapi.yaml');
const { result, outDir } = await buildInto(ROOT);

const PAGES: Record<string, string[]> = {
  '/docs/api/tune/create/': ['createTune'],
  '/docs/api/tune/retrieve/': ['retrieveTune'],
  '/docs/api/tune/list/': ['listTunes'],
  '/docs/api/tune/delete/': ['deleteTune'],
  '/docs/api/prompt/create/': ['createPrompt'],
  '/docs/api/prompt/retrieve/': ['retrievePrompt'],
  '/docs/api/prompt/duplicate/': ['duplicatePrompt'],
  '/docs/api/prompt/list/': ['listPrompts'],
  '/docs/api/prompt/delete/': ['deletePrompt'],
  '/docs/api/pack/get/': ['retrievePack'],
  '/docs/api/pack/tunes/create/': ['createPackTune'],
  '/docs/api/like/create/': ['createLike'],
  '/docs/api/like/delete/': ['deleteLike'],
  '/docs/api/images/inspect/': ['inspectImage'],
  '/docs/api/themes/create/': ['createTheme'],
};

test('the API description loads with servers and bearer security', () => {
  assert.ok(api, 'content/api/openapi.yaml exists');
  assert.equal(api.serverUrl, 'https://api.example.com');
  const document = api.document as unknown as { security?: unknown; components?: { securitySchemes?: Record<string, { scheme?: string }> } };
  assert.equal(document.components?.securitySchemes?.bearerAuth?.scheme, 'bearer');
});

test('every operation of the description is rendered on exactly one page, the page its route names', () => {
  assert.ok(api);
  const seen = new Map<string, string[]>();
  for (const { id, route } of result.operations()) seen.set(id, [...(seen.get(id) ?? []), route]);
  for (const id of api.operations.keys()) assert.equal(seen.get(id)?.length, 1, `${id} on ${JSON.stringify(seen.get(id) ?? [])}`);
  for (const [route, ids] of Object.entries(PAGES)) {
    for (const id of ids) assert.deepEqual(seen.get(id), [route], id);
  }
  assert.ok(seen.get('listPacks')?.[0] === '/docs/api/pack/list/');
});

test('every generated sample matches its operation: method, URL, headers and a JSON body', () => {
  assert.ok(api);
  for (const operation of api.operations.values()) {
    const request = exampleRequest(api, operation);
    const curl = curlSample(request);
    assert.match(curl, new RegExp(`^curl -X ${operation.method.toUpperCase()} "https://api\\.example\\.com/`), operation.id);
    const url = /"(https:[^"]+)"/.exec(curl)?.[1] ?? '';
    const pattern = new RegExp(`^https://api\\.example\\.com${operation.path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);
    assert.match(url, pattern, `${operation.id}: ${url}`);
    assert.doesNotMatch(url, /\{|\}/, `${operation.id}: every path parameter has an example`);
    assert.match(curl, /-H "Authorization: Bearer \$API_KEY"/);
    const data = /-d '([\s\S]*)'$/.exec(curl)?.[1];
    if (operation.operation.requestBody) {
      assert.ok(data, `${operation.id} sends its example body`);
      assert.deepEqual(JSON.parse(data.replace(/'\\''/g, "'")), request.body);
    }
    assert.match(nodeSample(request, 'result'), new RegExp(`method: '${operation.method.toUpperCase()}'`));
    assert.match(pythonSample(request, 'result'), new RegExp(`requests\\.${operation.method}\\(`));
  }
});

test('every JSON example block on the API pages is valid JSON', () => {
  for (const route of [...Object.keys(PAGES), '/docs/api/tune/', '/docs/api/prompt/prompt/', '/docs/api/pack/pack/', '/docs/api/pack/list/', '/docs/api/overview/']) {
    const html = readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8');
    for (const match of html.matchAll(/<code class="hljs language-json">([\s\S]*?)<\/code>/g)) {
      const text = (match[1] ?? '').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      assert.doesNotThrow(() => JSON.parse(text), `${route}: ${text.slice(0, 80)}`);
    }
  }
});

test('the description is published at /openapi.yaml and parses as YAML', () => {
  const file = join(outDir, 'openapi.yaml');
  assert.ok(existsSync(file));
  const parsed = load(readFileSync(file, 'utf8')) as { openapi: string; paths: object };
  assert.match(parsed.openapi, /^3\.1/);
  assert.ok(Object.keys(parsed.paths).length >= 12);
});

test('the published description passes a standard OpenAPI validator', async () => {
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  // validate() reads the file, resolves every $ref and checks it against the OpenAPI 3.1 schema.
  const validated = await SwaggerParser.validate(join(outDir, 'openapi.yaml'));
  assert.equal(validated.info.version, '1.0.0');
});
