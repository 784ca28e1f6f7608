#!/usr/bin/env node
// `npm run test:stress [ROUNDS]`: the browser tests (test/e2e/) ROUNDS times (default 3, or
// STRESS_ROUNDS) while a child process keeps every core busy, as on a loaded machine or a shared CI
// runner; then each test that failed at least once, with how often. A test that passes only on a
// quiet machine fails here. Exits non-zero when any test failed in any round.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { runFiles, testFiles } from './run-tests.mjs';

const rounds = Number(process.argv[2] ?? process.env.STRESS_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`The number of rounds must be a whole number from 1 up, not "${process.argv[2] ?? process.env.STRESS_ROUNDS}".`);
  process.exit(2);
}
const files = testFiles('test/e2e');
const cores = availableParallelism();

// One busy loop per core, in one child process (a thread each), for the whole run.
const burner = spawn(process.execPath, ['-e', `
  const { Worker } = require('node:worker_threads');
  for (let i = 1; i < ${cores}; i++) new Worker('for (;;) {}', { eval: true });
  for (;;) {}
`], { stdio: 'ignore' });
const stopBurner = () => burner.kill('SIGKILL');
process.on('exit', stopBurner);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBurner();
    process.exit(130);
  });
}

const started = Date.now();
/** "file: test" → the rounds it failed in. */
const failures = new Map();
let passed = 0;
let failedRuns = 0;
try {
  for (let round = 1; round <= rounds; round++) {
    console.log(`# stress round ${round} of ${rounds}: ${files.length} files, ${cores} busy loops beside them`);
    const { total, failures: failed } = await runFiles(files, (line) => {
      // The full TAP of each round is long: show each file's result and what failed.
      if (/^(ok|not ok) \d+ - /.test(line) || /^ {4}not ok \d+ - /.test(line)) console.log(line);
    });
    passed += total.pass;
    failedRuns += total.fail + total.cancelled;
    for (const name of failed) failures.set(name, [...(failures.get(name) ?? []), round]);
    console.log(`# round ${round}: ${total.pass} passed, ${total.fail + total.cancelled} failed (${Math.round((Date.now() - started) / 1000)} s so far)`);
  }
} finally {
  stopBurner();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n# ${rounds} rounds of ${files.length} files under load in ${minutes} min`);
if (failures.size === 0) console.log('# no test failed in any round');
else {
  console.log('# failed at least once (rounds):');
  for (const [name, inRounds] of failures) console.log(`#   ${name} (${inRounds.join(', ')})`);
}
console.log(`${passed} passed, ${failedRuns} failed`);
process.exitCode = failures.size > 0 ? 1 : 0;
