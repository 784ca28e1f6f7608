// The API description is content from contributors too: the request-sample check must finish on a
// schema that names itself through allOf, and on alternatives nested so that each level doubles
// the work, with a located problem instead of a hang.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SCHEMA_VISITS, validateJson } from '../../lib/check/sample-schema.ts';
import type { SampleValue } from '../../lib/check/sample-request.ts';
import type { ApiDescription, Schema } from '../../lib/openapi-model.ts';

const body = (entries: [string, SampleValue][]): SampleValue =>
  ({ kind: 'object', line: 3, open: false, entries: entries.map(([key, value]) => ({ key, line: 4, value })) });

test('a schema that includes itself through allOf is checked once per value, and its mistakes are still found', { timeout: 60_000 }, () => {
  const document = { components: { schemas: { Loop: {
    type: 'object', required: ['name'],
    allOf: [{ $ref: '#/components/schemas/Loop' }],
    properties: { name: { type: 'string' }, child: { $ref: '#/components/schemas/Loop' } },
  } } } } as unknown as ApiDescription['document'];
  const loop = { $ref: '#/components/schemas/Loop' } as Schema;
  assert.deepEqual(validateJson(document, loop, body([['name', { kind: 'string', value: 'a', line: 4 }]])), []);
  const problems = validateJson(document, loop, body([['name', { kind: 'number', value: 1, line: 4 }], ['nmae', { kind: 'string', value: 'x', line: 5 }]]));
  assert.ok(problems.some((problem) => /name should be a string/.test(problem.message)), JSON.stringify(problems));
  assert.ok(problems.some((problem) => /Unknown field "nmae"/.test(problem.message)), JSON.stringify(problems));
});

test('alternatives nested forty levels deep (2^40 paths) stop at the visit limit with a problem at the value\'s line', { timeout: 60_000 }, () => {
  const schemas: Record<string, unknown> = { S40: { type: 'string' } };
  for (let level = 0; level < 40; level++) {
    const next = { $ref: `#/components/schemas/S${level + 1}` };
    schemas[`S${level}`] = { anyOf: [next, next] };
  }
  const document = { components: { schemas } } as unknown as ApiDescription['document'];
  const problems = validateJson(document, { $ref: '#/components/schemas/S0' } as Schema, { kind: 'number', value: 1, line: 7 });
  const limit = problems.find((problem) => problem.message.includes(`over ${MAX_SCHEMA_VISITS.toLocaleString('en-US')} steps`));
  assert.ok(limit, JSON.stringify(problems).slice(0, 500));
  assert.equal(limit.line, 7);
});
