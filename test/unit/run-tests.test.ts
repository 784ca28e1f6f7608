// The runner of `npm test` (scripts/run-tests.mjs) ends whatever the tests do: a test that never
// ends fails by name after the per-test limit and its file goes on; a hook that never ends is
// stopped by the per-file limit with every process under it; the closing lines count it all.
// The fixtures are in test/fixtures/runner/; the limits are made short here.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, tempDir } from '../helpers/site.ts';

const FIXTURES = 'test/fixtures/runner';

/** Runs the runner on fixture files; resolves with its output and exit code. */
function runner(files: string[], env: NodeJS.ProcessEnv): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['scripts/run-tests.mjs', ...files.map((file) => join(FIXTURES, file))], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ output, code })));
}

const closing = (output: string) => Object.fromEntries([...output.matchAll(/^# (tests|pass|fail|cancelled) (\d+)$/gm)].map((match) => [match[1], Number(match[2])]));

/** Whether the process runs (a killed one may stay a zombie until it is reaped: that is not running). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

test('a test that never ends (holding a server open) fails by name; the tests after it run; the run ends and fails', async () => {
  const { output, code } = await runner(['stuck-test.ts', 'passes.ts'], { TEST_TIMEOUT_S: '2', TEST_FILE_TIMEOUT_S: '120' });
  assert.equal(code, 1, output);
  assert.match(output, /^ {4}not ok 2 - never ends\n[\s\S]*?error: 'test timed out after 2000ms'/m);
  assert.match(output, /^ {4}ok 3 - passes after$/m);
  assert.match(output, /^not ok 1 - test\/fixtures\/runner\/stuck-test\.ts$/m);
  assert.match(output, /^ok 2 - test\/fixtures\/runner\/passes\.ts$/m);
  assert.match(output, /^# {3}test\/fixtures\/runner\/stuck-test\.ts: never ends$/m, 'listed among the failing tests');
  // Node counts a test stopped by its time limit as cancelled.
  assert.deepEqual(closing(output), { tests: 5, pass: 4, fail: 0, cancelled: 1 });
  assert.doesNotMatch(output, /test-timeout\.ts/, 'no location inside the time-limit wrapper');
});

test('a hook that never ends is stopped by the per-file limit, with the processes it started; the next file runs', async () => {
  const pidFile = join(tempDir(), 'pid');
  const { output, code } = await runner(['stuck-hook.ts', 'passes.ts'], { TEST_TIMEOUT_S: '60', TEST_FILE_TIMEOUT_S: '3', RUNNER_FIXTURE_PID_FILE: pidFile });
  assert.equal(code, 1, output);
  assert.match(output, /^not ok 1 - test\/fixtures\/runner\/stuck-hook\.ts\n[\s\S]*?error: 'still running after the file's limit of 3 s/m);
  assert.match(output, /^ok 2 - test\/fixtures\/runner\/passes\.ts$/m);
  assert.deepEqual(closing(output), { tests: 2, pass: 2, fail: 1, cancelled: 0 });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  assert.ok(pid > 0);
  assert.equal(alive(pid), false, 'the child process of the hook (in a process group of its own) was killed');
});

test('every test file imports test by name, the binding that gets the per-test limit', () => {
  const files = ['test/unit', 'test/e2e'].flatMap((dir) => readdirSync(join(ROOT, dir)).filter((name) => name.endsWith('.test.ts')).map((name) => join(dir, name)));
  const defaultImports = files.filter((file) => /^import test\b.*from 'node:test'/m.test(readFileSync(join(ROOT, file), 'utf8')));
  assert.deepEqual(defaultImports, [], 'use `import { test } from \'node:test\'`');
});
