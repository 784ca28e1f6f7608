// The quickstart followed step by step: its Node.js samples run unchanged, as real ES modules in Node,
// against a small mock of the operations of content/api/openapi.yaml. The mock finds each request's
// operation, validates the request against it (401 without a key, 404 for a path the description
// lacks, 422 for a body its schema rejects) and answers with the operation's documented example; a
// tune created with branch "fast" is a mock tune, as documented. A sample whose request stops
// matching the description fails its step (the samples throw on a status that is not ok).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { matchOperation } from '../../lib/check/samples.ts';
import type { SampleValue } from '../../lib/check/sample-request.ts';
import { validateJson } from '../../lib/check/sample-schema.ts';
import { loadApiDescription, deref } from '../../lib/load/openapi.ts';
import type { Json } from '../../lib/openapi-model.ts';
import { ROOT, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);
const api = loadApiDescription(join(ROOT, 'content/api/openapi.yaml'), 'content/api/openapi.yaml');
const QUICKSTART = readFileSync(join(ROOT, 'content/docs/api/quickstart.md'), 'utf8');

/** The quickstart's steps: each "## Step" section's Node.js sample and the JSON response it documents, if any. */
function steps(): { title: string; node: string; response: Record<string, Json> | undefined }[] {
  return QUICKSTART.split(/^## /m).filter((section) => section.startsWith('Step')).map((section) => {
    const node = /```js tab="Node\.js"\n([\s\S]*?)\n```/.exec(section)?.[1];
    const response = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    assert.ok(node, `a Node.js sample in "${section.split('\n')[0]}"`);
    return { title: section.split('\n')[0] ?? '', node, response: response ? JSON.parse(response) as Record<string, Json> : undefined };
  });
}

function sampleValue(value: Json): SampleValue {
  const line = 0;
  if (value === null) return { kind: 'null', line };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(sampleValue), open: false, line };
  if (typeof value === 'object') return { kind: 'object', entries: Object.entries(value).map(([key, item]) => ({ key, line, value: sampleValue(item) })), open: false, line };
  if (typeof value === 'string') return { kind: 'string', value, line };
  if (typeof value === 'number') return { kind: 'number', value, line };
  return { kind: 'boolean', value, line };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface Call { operation: string; status: number; problems: string[] }

/** The mock API on 127.0.0.1: each call is recorded with its operation and answer. */
async function startMock(): Promise<{ origin: string; calls: Call[]; close: () => Promise<void> }> {
  assert.ok(api);
  const calls: Call[] = [];
  const mockTunes = new Set<number>();
  let nextTune = 1952140;
  const server = createServer((request, response) => {
    void (async () => {
      const answer = (status: number, body: Json | undefined, operation: string, problems: string[] = []) => {
        calls.push({ operation, status, problems });
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      const url = new URL(request.url ?? '/', 'http://mock');
      const found = matchOperation(api, request.method ?? 'GET', url.pathname);
      if ('problem' in found) return answer(404, { base: [found.problem] }, `${request.method} ${url.pathname}`);
      const { operation, params } = found;
      if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) return answer(401, { base: ['Missing or invalid API key'] }, operation.id);
      const text = await readBody(request);
      const schema = operation.operation.requestBody?.content['application/json']?.schema;
      let body: Json | undefined;
      if (operation.operation.requestBody) {
        if (!schema || !(request.headers['content-type'] ?? '').startsWith('application/json')) return answer(415, { base: ['Send a JSON body'] }, operation.id);
        try {
          body = JSON.parse(text) as Json;
        } catch {
          return answer(422, { base: ['The body is not JSON'] }, operation.id);
        }
        const problems = validateJson(api.document, schema, sampleValue(body)).map((problem) => problem.message);
        if (problems.length > 0) return answer(422, { base: problems }, operation.id, problems);
      }
      const [status, documented] = Object.entries(operation.operation.responses).find(([code]) => code.startsWith('2')) ?? ['200', undefined];
      const example = documented ? deref(api.document, documented).content?.['application/json']?.example : undefined;
      const result = structuredClone(example) as Record<string, Json> | undefined;
      // Mock mode, as the quickstart and the description document it: a tune created with branch
      // "fast" answers as that tune, and its prompts run under its own id.
      const tune = (body as { tune?: { branch?: string; title?: string; name?: string; token?: string } } | undefined)?.tune;
      if (operation.id === 'createTune' && result && tune?.branch === 'fast') {
        const id = nextTune++;
        mockTunes.add(id);
        Object.assign(result, { id, branch: 'fast', title: tune.title ?? result.title, name: tune.name ?? result.name, token: tune.token ?? result.token, model_type: null, base_tune_id: null });
      }
      const tuneId = Number(params.get('tune_id'));
      if (result && mockTunes.has(tuneId)) result.tune_id = tuneId;
      answer(Number(status), result, operation.id);
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('the quickstart, followed step by step: each Node.js sample runs against a mock of openapi.yaml and gets the documented response', async (t) => {
  const mock = await startMock();
  t.after(mock.close);
  const dir = tempDir('pagewright-quickstart-');
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // Loaded before each sample: the API's address goes to the mock, and the polling sleep returns at
  // once. The samples themselves run as written.
  const preload = join(dir, 'mock-api.mjs');
  writeFileSync(preload, [
    "import { syncBuiltinESMExports } from 'node:module';",
    "import timers from 'node:timers/promises';",
    'timers.setTimeout = async (delay, value) => value;',
    'syncBuiltinESMExports();',
    'const realFetch = globalThis.fetch;',
    `globalThis.fetch = (input, init) => realFetch(String(input).replace(${JSON.stringify(api?.serverUrl)}, process.env.MOCK_ORIGIN), init);`,
  ].join('\n'));

  const found = steps();
  assert.equal(found.length, 4, 'the quickstart has four steps');
  const outputs: string[] = [];
  for (const [index, step] of found.entries()) {
    const file = join(dir, `step-${index + 1}.mjs`);
    writeFileSync(file, step.node);
    const before = mock.calls.length;
    const { stdout } = await run(process.execPath, ['--import', preload, file], {
      env: { ...process.env, API_KEY: 'sd_test', MOCK_ORIGIN: mock.origin }, timeout: 60_000,
    }).catch((error: { stderr?: string; message: string }) => assert.fail(`${step.title}: ${error.stderr ?? error.message}\ncalls: ${JSON.stringify(mock.calls.slice(before))}`));
    outputs.push(stdout.trim());
    const calls = mock.calls.slice(before);
    assert.ok(calls.length > 0, `${step.title}: the sample sends a request`);
    for (const call of calls) assert.ok(call.status < 300, `${step.title}: ${call.operation} answered ${call.status} ${call.problems.join('; ')}`);
    assert.doesNotMatch(stdout, /undefined/, `${step.title}: the sample prints fields the response has`);
  }
  assert.deepEqual(mock.calls.map((call) => call.operation), ['createPrompt', 'retrievePrompt', 'createTune', 'createPrompt']);
  // The fields the quickstart shows for step 1 and step 3 are fields of the documented responses.
  const createPrompt = api?.operations.get('createPrompt')?.operation.responses['200'];
  const createTune = api?.operations.get('createTune')?.operation.responses['200'];
  for (const [step, documented] of [[found[0], createPrompt], [found[2], createTune]] as const) {
    const example = documented && api ? deref(api.document, documented).content?.['application/json']?.example as Record<string, Json> : {};
    for (const key of Object.keys(step?.response ?? {})) assert.ok(key in (example ?? {}), `${step?.title}: "${key}" is a field of the documented response`);
  }
  // Step 3 is a mock tune: its response says branch "fast", training has not finished, and an eta is given.
  assert.match(outputs[2] ?? '', /^1952140 2026-/);
  assert.equal(found[2]?.response?.branch, 'fast');
  assert.equal(found[2]?.response?.trained_at, null);
  // Step 2 prints the finished prompt's images: a list of addresses.
  assert.match(outputs[1] ?? '', /https:\/\/www\.example\.com\/uploads\/prompts\//);
});
