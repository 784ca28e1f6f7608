// The request-sample check (lib/check/samples.ts): a page's cURL, Node.js and Python samples and its
// prose "METHOD /path" against the API description, and the three parsers it reads samples with.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkSource } from '../../lib/check/samples.ts';
import { parseCurlSample } from '../../lib/check/sample-curl.ts';
import { parseNodeSample } from '../../lib/check/sample-node.ts';
import { parsePythonSample } from '../../lib/check/sample-python.ts';
import { PLACEHOLDER, type SampleValue } from '../../lib/check/sample-request.ts';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { validateApiDescription } from '../../lib/load/openapi.ts';
import { parseYaml } from '../../lib/load/config.ts';
import { markdownToHtml } from '../../lib/transform/markdown.ts';
import { buildError, fixtureOverlay, ROOT } from '../helpers/site.ts';

const FIXTURE = join(ROOT, 'test/fixtures/bad-samples');
const apiText = readFileSync(join(FIXTURE, 'content/api/openapi.yaml'), 'utf8');
const api = validateApiDescription(parseYaml({ file: 'content/api/openapi.yaml', text: apiText, lineOffset: 0 }), apiText, 'content/api/openapi.yaml');

/** The problems and warnings of a page body (file line = body line). */
function check(body: string): { errors: string[]; warnings: string[] } {
  const diagnostics = new Diagnostics();
  const errors = checkSource({ file: 'page.md', body, bodyLineOffset: 0 }, api, diagnostics);
  return { errors: errors.map((error) => `${error.line}: ${error.problem}`), warnings: diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message}`) };
}

/** A value's fields as plain data, for comparisons. */
function plain(value: SampleValue | undefined): unknown {
  if (!value) return undefined;
  switch (value.kind) {
    case 'object': return Object.fromEntries(value.entries.map((entry) => [entry.key, plain(entry.value)]));
    case 'array': return value.items.map(plain);
    case 'string': case 'number': case 'boolean': return value.value;
    case 'null': return null;
    default: return `<${value.kind}>`;
  }
}

test('a page with a wrong enum, a missing required field, an unknown field and an unknown path fails the build with four messages naming file and line', async () => {
  const message = await buildError(fixtureOverlay(FIXTURE));
  const problems = message.split('\n').filter((line) => !line.startsWith('  →'));
  assert.deepEqual(problems, [
    'content/docs/guides/3-samples.md:17: Request sample POST /things: thing.kind is "medium", which is not one of the allowed values: "small", "large".',
    'content/docs/guides/3-samples.md:29: Request sample POST /things: Missing required field "thing.name".',
    'content/docs/guides/3-samples.md:43: Request sample POST /things: Unknown field "thing.colour": the request schema does not declare it.',
    'content/docs/guides/3-samples.md:48: "GET /thingz/{id}" is not an operation of content/api/openapi.yaml: no operation has the path /thingz/{…}.',
  ]);
  assert.match(message, /operation "createThing" of content\/api\/openapi\.yaml/);
});

test('cURL: method, address with shell variables, JSON body with the line of each field, form fields and files', () => {
  const json = parseCurlSample([
    'curl -X POST "https://api.example.com/things/$THING_ID" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{`,
    `    "thing": {"name": "Lamp",`,
    `      "size": 2}`,
    `  }'`,
  ].join('\n'), 10);
  const request = json.requests[0];
  assert.equal(request?.method, 'POST');
  assert.equal(request?.url, `https://api.example.com/things/${PLACEHOLDER}`);
  assert.equal(request?.contentType, 'application/json');
  assert.equal(request?.body?.encoding, 'json');
  if (request?.body?.encoding !== 'json') return;
  assert.deepEqual(plain(request.body.value), { thing: { name: 'Lamp', size: 2 } });
  const thing = request.body.value.kind === 'object' ? request.body.value.entries[0]?.value : undefined;
  assert.deepEqual(thing?.kind === 'object' ? thing.entries.map((entry) => [entry.key, entry.line]) : [], [['name', 13], ['size', 14]]);

  const form = parseCurlSample('curl https://api.example.com/things -F "thing[name]=Lamp" -F "thing[photo]=@lamp.jpg" --form \'thing[size]=2\'', 1);
  const body = form.requests[0]?.body;
  assert.equal(form.requests[0]?.method, 'POST');
  assert.deepEqual(body?.encoding === 'multipart' ? body.fields.map((field) => [field.name, plain(field.value)]) : [],
    [['thing[name]', 'Lamp'], ['thing[photo]', '<file>'], ['thing[size]', '2']]);

  // -d without a JSON Content-Type is what curl sends it as: form-urlencoded.
  assert.equal(parseCurlSample(`curl https://api.example.com/things -d '{"thing": {}}'`, 1).requests[0]?.body?.encoding, 'form');
  // Two commands in one block, a comment between them; a GET without -X.
  const two = parseCurlSample('# first\ncurl https://api.example.com/tunes\n\ncurl -s https://api.example.com/things/7?verbose=true', 1);
  assert.deepEqual(two.requests.map((entry) => [entry.method, entry.url, entry.line]), [['GET', 'https://api.example.com/tunes', 2], ['GET', 'https://api.example.com/things/7?verbose=true', 4]]);
});

test('Node.js: fetch with a template address, JSON.stringify of a variable, FormData appends, searchParams', () => {
  const parsed = parseNodeSample([
    "const thingId = 7;",
    "const body = { thing: { name: 'Lamp', size: 2, ok: true, note: `made ${Date.now()}` } };",
    "const response = await fetch(`https://api.example.com/things/${thingId}`, {",
    "  method: 'POST',",
    "  headers: { 'Content-Type': 'application/json' },",
    "  body: JSON.stringify(body),",
    "});",
  ].join('\n'), 1);
  const request = parsed.requests[0];
  assert.deepEqual([request?.method, request?.url, request?.contentType, request?.line], ['POST', `https://api.example.com/things/${PLACEHOLDER}`, 'application/json', 3]);
  assert.deepEqual(request?.body?.encoding === 'json' ? plain(request.body.value) : undefined, { thing: { name: 'Lamp', size: 2, ok: true, note: '<unknown>' } });

  const form = parseNodeSample([
    "import { openAsBlob } from 'node:fs';",
    'const form = new FormData();',
    "form.append('thing[name]', 'Lamp');",
    "form.append('thing[photo]', await openAsBlob('lamp.jpg'), 'lamp.jpg');",
    "for (const id of ids) form.append('thing[ids][]', String(id));",
    "await fetch('https://api.example.com/things', { method: 'POST', body: form });",
  ].join('\n'), 1);
  const body = form.requests[0]?.body;
  assert.deepEqual(body?.encoding === 'multipart' ? body.fields.map((field) => [field.name, plain(field.value), field.line]) : [],
    [['thing[name]', 'Lamp', 3], ['thing[photo]', '<file>', 4], ['thing[ids][]', '<unknown>', 5]]);

  const list = parseNodeSample([
    "const url = new URL('https://api.example.com/tunes');",
    "url.searchParams.set('limit', '120');",
    'const response = await fetch(url, { headers });',
  ].join('\n'), 1);
  assert.deepEqual(list.requests.map((entry) => [entry.method, entry.url, entry.query]), [['GET', 'https://api.example.com/tunes', [{ name: 'limit', line: 2 }]]]);
  // An address the parser cannot follow is reported, not skipped.
  assert.deepEqual(parseNodeSample('export async function post(url) {\n  return fetch(url, { method: "POST" });\n}', 1).unreadable.map((entry) => entry.line), [2]);
});

test('Python: requests with json=, data= and files= (multipart), params=, f-string addresses and True/False/None', () => {
  const parsed = parsePythonSample([
    'import requests',
    'thing_id = 7',
    'response = requests.post(',
    '    f"https://api.example.com/things/{thing_id}",',
    '    json={"thing": {"name": "Lamp", "ok": True, "note": None}},',
    '    timeout=60,',
    ')',
  ].join('\n'), 1);
  const request = parsed.requests[0];
  assert.deepEqual([request?.method, request?.url, request?.contentType, request?.urlLine], ['POST', `https://api.example.com/things/${PLACEHOLDER}`, 'application/json', 4]);
  assert.deepEqual(request?.body?.encoding === 'json' ? plain(request.body.value) : undefined, { thing: { name: 'Lamp', ok: true, note: null } });

  const multipart = parsePythonSample([
    'photos = ["a.jpg", "b.jpg"]',
    'files = [("thing[photos][]", (p, open(p, "rb"), "image/jpeg")) for p in photos]',
    'requests.post("https://api.example.com/things", data={"thing[name]": "Lamp", "thing[ok]": True}, files=files)',
    'requests.post("https://api.example.com/things", files={"thing[name]": (None, "Lamp")})',
    'requests.post("https://api.example.com/things", data={"thing[name]": "Lamp"})',
    'requests.get("https://api.example.com/tunes", params={"limit": 120})',
  ].join('\n'), 1);
  const [upload, textOnly, urlencoded, list] = multipart.requests;
  assert.deepEqual(upload?.body?.encoding === 'multipart' ? upload.body.fields.map((field) => [field.name, plain(field.value)]) : [],
    // requests sends str(True): "True", which a boolean field does not read as true.
    [['thing[name]', 'Lamp'], ['thing[ok]', 'True'], ['thing[photos][]', '<file>']]);
  assert.equal(upload?.body?.encoding === 'multipart' && upload.body.open, true, 'a comprehension adds any number of files');
  assert.deepEqual(textOnly?.body?.encoding === 'multipart' ? textOnly.body.fields.map((field) => [field.name, plain(field.value)]) : [], [['thing[name]', 'Lamp']]);
  assert.equal(urlencoded?.body?.encoding, 'form');
  assert.deepEqual(list?.query, [{ name: 'limit', line: 6 }]);
});

test('the check: types, form text, files, encodings, query parameters, path parameters, prose and opt-out', () => {
  const page = [
    '# Page',
    '',
    'Create one with `POST /things` and read it with GET /things/:id?verbose=true; DELETE /things/{id} does not exist.',
    '',
    '```bash',
    `curl https://api.example.com/things -H "Content-Type: application/json" -d '{"thing": {"name": 3, "size": 11}}'`,
    '```',
    '',
    '```bash',
    'curl https://api.example.com/things -F "thing[name]=Lamp"',
    '```',
    '',
    '```python',
    'requests.get("https://api.example.com/things/lamp", params={"verbos": True})',
    '```',
    '',
    '```js',
    "await fetch('https://api.example.com/things', { method: 'POST', body: JSON.stringify({ thing: { name: 'x' } }) });",
    '```',
    '',
    '```json title="Request body (POST /things)"',
    '{ "thing": { "name": "Lamp", "ok": "yes" } }',
    '```',
    '',
    '```bash nocheck',
    'curl https://api.example.com/nothing',
    '```',
    '',
    '```js',
    "await fetch('/api/my-own-server', { method: 'POST' });",
    "await fetch(`${base}/things`, { method: 'POST' });",
    '```',
  ].join('\n');
  const { errors, warnings } = check(page);
  assert.deepEqual(errors, [
    '3: "DELETE /things/{id}" is not an operation of content/api/openapi.yaml: /things/{…} has no DELETE operation (it has GET).',
    '6: Request sample POST /things: thing.name should be a string, not the number 3.',
    '6: Request sample POST /things: thing.size is 11, above the maximum 10.',
    '10: Request sample POST /things: the sample sends multipart/form-data, but the operation accepts application/json.',
    '14: Request sample GET /things/lamp: "lamp" in the place of {id}, which is an integer.',
    '18: Request sample POST /things: the body is JSON but no "Content-Type: application/json" header is sent (fetch then sends text/plain).',
    '22: JSON body for POST /things: thing.ok should be a boolean, not the text "yes".',
  ]);
  // A call to another server is not the API's; an address computed from an unknown base may be.
  assert.deepEqual(warnings, [
    '31: Request sample not checked: the address starts with a computed part, so the check cannot tell whether it calls the API. Write the request so that the check can read it (a literal address, a literal or a variable body), or add the fence option "nocheck" if it is not an API call.',
  ]);
});

test('an operation block\'s section headings have ids named for the operation and table-of-contents entries', () => {
  const transformed = markdownToHtml('## Create\n\n::operation createThing\n\n## Read\n\n::operation retrieveThing\n', {
    file: 'page.md', absPath: join(ROOT, 'page.md'), route: '/docs/page/', bodyLineOffset: 0,
    baseUrl: '/', resolveDocFile: () => undefined, addAsset: () => undefined, diagnostics: new Diagnostics(), api,
  });
  assert.deepEqual(transformed.headings.map((heading) => `${heading.level} ${heading.id} ${heading.text}`), [
    '2 create Create', '3 createThing-request-body Request body', '3 createThing-responses Responses',
    '2 read Read', '3 retrieveThing-path-parameters Path parameters', '3 retrieveThing-query-parameters Query parameters', '3 retrieveThing-responses Responses',
  ]);
  assert.match(transformed.html, /<h3 id="createThing-request-body" class="anchor">Request body<a class="hash-link" href="#createThing-request-body"/);
});
