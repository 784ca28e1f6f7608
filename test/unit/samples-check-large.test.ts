// The request-sample check on large and hostile samples (content is untrusted): each page holds a
// code block or paragraph of about 1 MB, shaped to make a careless reader quadratic, exponential or
// overflow its stack. Each must finish (the timeout is generous: the work must be linear, and a
// quadratic reader takes hours on these), and a sample the check stops reading is a warning naming
// its line, never a silent pass. Speed itself is measured by benchmarks, not asserted here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkSource } from '../../lib/check/samples.ts';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { parseYaml } from '../../lib/load/config.ts';
import { validateApiDescription } from '../../lib/load/openapi.ts';

const ROOT = join(import.meta.dirname, '../..');
const apiText = readFileSync(join(ROOT, 'test/fixtures/bad-samples/content/api/openapi.yaml'), 'utf8');
const api = validateApiDescription(parseYaml({ file: 'content/api/openapi.yaml', text: apiText, lineOffset: 0 }), apiText, 'content/api/openapi.yaml');

const SIZE = 1_000_000;
const TIMEOUT = { timeout: 300_000 };

/** `unit` repeated to about SIZE characters. */
function repeat(unit: string, size = SIZE): string {
  return unit.repeat(Math.ceil(size / unit.length));
}

function check(body: string): { errors: string[]; warnings: string[] } {
  const diagnostics = new Diagnostics();
  const errors = checkSource({ file: 'page.md', body, bodyLineOffset: 0 }, api, diagnostics);
  return { errors: errors.map((error) => `${error.line}: ${error.problem}`), warnings: diagnostics.warnings.map((warning) => `${warning.line}: ${warning.message}`) };
}

const block = (language: string, code: string) => `# Page\n\n\`\`\`${language}\n${code}\n\`\`\`\n`;
const FETCH = "fetch('https://api.example.com/things', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(";

test('many valid requests in one block: every one is read and checked', TIMEOUT, () => {
  const python = check(block('python', `import requests\n${repeat('requests.post("https://api.example.com/things", json={"thing": {"name": "Lamp", "size": 2}})\n')}`));
  assert.deepEqual(python, { errors: [], warnings: [] });
  const node = check(block('js', repeat(`await ${FETCH}{ thing: { name: 'Lamp' } }) });\n`)));
  assert.deepEqual(node, { errors: [], warnings: [] });
  // One mistake among them is still found, at its line.
  const lines = repeat('requests.post("https://api.example.com/things", json={"thing": {"name": "Lamp"}})\n').split('\n');
  lines[5000] = 'requests.post("https://api.example.com/things", json={"thing": {"name": "Lamp", "size": 11}})';
  assert.deepEqual(check(block('python', lines.join('\n'))).errors, ['5004: Request sample POST /things: thing.size is 11, above the maximum 10.']);
});

test('a 1 MB JSON body in a curl command and in a titled JSON block is read field by field', TIMEOUT, () => {
  const fields = Array.from({ length: SIZE / 25 }, (_, index) => `"extra${index}": "value"`).join(',\n');
  const curl = check(block('bash', `curl https://api.example.com/things -H "Content-Type: application/json" -d '{"thing": {"name": "Lamp",\n${fields}}}'`));
  assert.equal(curl.errors.length, SIZE / 25);
  assert.equal(curl.errors[0], '5: Request sample POST /things: Unknown field "thing.extra0": the request schema does not declare it.');
  const titled = check(`# Page\n\n\`\`\`json title="Request body (POST /things)"\n{"thing": {"name": "Lamp",\n${fields}}}\n\`\`\`\n`);
  assert.equal(titled.errors.length, SIZE / 25);
});

test('brackets and operators nested deeper than any sample stop the reading with a warning, not a stack overflow', TIMEOUT, () => {
  const depth = SIZE / 2;
  for (const code of [
    `${FETCH}${'['.repeat(depth)}${']'.repeat(depth)}) });`,
    `${FETCH}${'{ a: '.repeat(depth / 4)}1${' }'.repeat(depth / 4)}) });`,
    `const x = ${'('.repeat(depth)}1${')'.repeat(depth)};\n${FETCH}x) });`,
    `${FETCH}${'f('.repeat(depth / 2)}) });`,
  ]) {
    const { warnings } = check(block('js', code));
    assert.equal(warnings.length, 1, code.slice(0, 200));
    assert.match(warnings[0] ?? '', /Request sample not checked: the check stopped reading the sample here: it nests brackets or operators more than 100 deep/);
  }
  // A long run of prefix operators is read in a loop: -(-(…1)) is the number 1.
  assert.deepEqual(check(block('js', `${FETCH}{ thing: { name: 'Lamp', size: ${'- '.repeat(depth)}1 } }) });`)), { errors: [], warnings: [] });
  const python = check(block('python', `requests.post("https://api.example.com/things", json=${'['.repeat(depth)}${']'.repeat(depth)})`));
  assert.match(python.warnings[0] ?? '', /nests brackets or operators more than 100 deep/);
  const curl = check(block('bash', `curl https://api.example.com/things -H "Content-Type: application/json" -d '${'['.repeat(depth)}${']'.repeat(depth)}'`));
  assert.match(curl.warnings[0] ?? '', /body not checked: the check stopped reading the body at line 4: it nests brackets or operators more than 100 deep/);
});

test('variables that expand to far more values than the sample has stop the reading with a warning', TIMEOUT, () => {
  // Each variable is the one before three times: 3^40 values from a few lines.
  const doubling = Array.from({ length: 40 }, (_, index) => `const v${index + 1} = [v${index}, v${index}, v${index}];`).join('\n');
  const exponential = check(block('js', `const v0 = { name: 'Lamp' };\n${doubling}\n${FETCH}{ thing: v40 }) });`));
  assert.equal(exponential.warnings.length, 1);
  assert.match(exponential.warnings[0] ?? '', /^\d+: Request sample not checked: the check stopped reading the sample here: its requests expand to far more values than the sample has/);
  // One large options object sent by very many calls.
  const options = `const options = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ thing: { name: 'Lamp' } }), ${Array.from({ length: SIZE / 40 }, (_, index) => `o${index}: 1`).join(', ')} };`;
  const shared = check(block('js', `${options}\n${repeat("await fetch('https://api.example.com/things', options);\n", SIZE / 2)}`));
  assert.equal(shared.errors.length, 0);
  assert.equal(shared.warnings.length, 1);
  assert.match(shared.warnings[0] ?? '', /its requests expand to far more values than the sample has/);
});

test('code the reader skips (functions, calls it does not follow) and prose full of "METHOD /path" are read once', TIMEOUT, () => {
  const functions = check(block('js', `${repeat('handler = async (request) => request.json()\n')}${FETCH}{ thing: { name: 'Lamp' } }) });`));
  assert.deepEqual(functions, { errors: [], warnings: [] });
  const calls = check(block('js', `${repeat('log(')}\n${FETCH}{ thing: { name: 'Lamp' } }) });`));
  assert.deepEqual(calls, { errors: [], warnings: [] });
  const prose = check(`# Page\n\n${repeat('Read one with GET /things/7 and\n')}GET /thingz/7.\n`);
  assert.deepEqual(prose.errors, [`${3 + Math.ceil(SIZE / 'Read one with GET /things/7 and\n'.length)}: "GET /thingz/7" is not an operation of content/api/openapi.yaml: no operation has the path /thingz/7.`]);
  const strings = check(block('python', `${repeat('"a string with no end\n')}requests.post("https://api.example.com/things", json={"thing": {"name": 1}})`));
  assert.equal(strings.errors.length, 1);
});
