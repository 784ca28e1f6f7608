#!/usr/bin/env node
// The test runner of `npm test`: node's own test runner, one test file at a time, each in a process
// of its own, with two time limits so that nothing can keep the run from ending:
// - each test and hook: TEST_TIMEOUT_S (60 s), set by test/helpers/test-timeout.ts, which is loaded
//   into every file's process; a stuck test fails with its name and the file goes on;
// - each file: TEST_FILE_TIMEOUT_S (1800 s: the whole-site audits take minutes on a busy machine);
//   past it, the file's process and every process under it are killed and the file fails with its
//   name. `--test-force-exit` ends a file's process once its tests are done, even if a test left a
//   server or a browser open.
// Prints node's TAP with each file as a parent test, then node's closing lines (# tests, # pass,
// # fail, …) for the whole run; exits non-zero when anything failed.
//
//   node scripts/run-tests.mjs [FILE …]     (default: test/unit/*.test.ts and test/e2e/*.test.ts)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..');
const PRELOAD = pathToFileURL(join(ROOT, 'test/helpers/test-timeout.ts')).href;
const COUNTERS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];

export const limits = () => ({
  testS: Number(process.env.TEST_TIMEOUT_S || 60),
  fileS: Number(process.env.TEST_FILE_TIMEOUT_S || 1800),
});

/** The test files of a folder of the project, sorted. */
export function testFiles(folder) {
  return readdirSync(join(ROOT, folder)).filter((name) => name.endsWith('.test.ts')).sort().map((name) => join(folder, name));
}

/** Every process below `pid`, read from /proc (Linux) while the tree is still whole. */
function descendants(pid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map();
  for (const entry of entries) {
    try {
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const found = [];
  for (let queue = [pid]; queue.length > 0;) {
    const next = children.get(queue.shift()) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

function kill(target) {
  try {
    process.kill(target, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs one test file. `write` gets each line of its output, indented as a subtest of the run.
 * Resolves with the file's counters, the names of its failed top-level tests, and `problem` when
 * the file itself failed (time limit, crash) rather than one of its tests.
 */
export function runFile(file, write, { testS, fileS } = limits()) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', PRELOAD, '--test-reporter=tap', '--test-force-exit', file], {
      cwd: ROOT,
      // A process group of its own, so that what it starts without a group of its own ends with it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TEST_TIMEOUT_S: String(testS), NODE_TEST_CONTEXT: undefined },
    });
    const counts = {};
    const failed = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const tree = descendants(child.pid);
      kill(-child.pid);
      for (const pid of tree) kill(pid);
    }, fileS * 1000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const counter = /^# (\w+) (\d+)$/.exec(line);
      if (counter && COUNTERS.includes(counter[1])) {
        counts[counter[1]] = Number(counter[2]);
        return;
      }
      if (line === 'TAP version 13' || /^# duration_ms /.test(line)) return;
      // Node takes a test's location from its caller, which is the time-limit wrapper: not worth showing.
      if (/^\s*location: '.*\/test\/helpers\/test-timeout\.ts:/.test(line)) return;
      const failure = /^not ok \d+ - (.*?)(?: # (?:SKIP|TODO).*)?$/.exec(line);
      if (failure) failed.push(failure[1]);
      write(`    ${line}`);
    });
    createInterface({ input: child.stderr }).on('line', (line) => write(`    # ${line}`));
    child.on('exit', () => {
      clearTimeout(timer);
      // Helper processes it left in its group (none should be left) end with it.
      kill(-child.pid);
    });
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      let problem;
      if (timedOut) problem = `still running after the file's limit of ${fileS} s (a hook or a loop the per-test limit cannot stop); its processes were killed`;
      else if (counts.tests === undefined) problem = `ended (${signal ?? `exit code ${code}`}) before its tests had run to the end`;
      else if (code !== 0 && !counts.fail && !counts.cancelled) problem = `exit code ${code} with no failed test`;
      done({ file, counts, failed, problem, seconds });
    });
  });
}

/** Runs the files one after the other, as one TAP stream; returns the results and the summary. */
export async function runFiles(files, write = (line) => console.log(line)) {
  const started = Date.now();
  const { testS, fileS } = limits();
  const results = [];
  write('TAP version 13');
  write(`# limits: ${testS} s per test and hook, ${fileS} s per file`);
  for (const [index, file] of files.entries()) {
    write(`# Subtest: ${file}`);
    const result = await runFile(file, write, { testS, fileS });
    results.push(result);
    const ok = !result.problem && !result.counts.fail && !result.counts.cancelled;
    write(`${ok ? 'ok' : 'not ok'} ${index + 1} - ${file}`);
    write('  ---');
    write(`  duration_ms: ${result.seconds * 1000}`);
    if (result.problem) write(`  error: '${result.problem}'`);
    write('  ...');
  }
  write(`1..${files.length}`);
  const total = Object.fromEntries(COUNTERS.map((name) => [name, results.reduce((sum, result) => sum + (result.counts[name] ?? 0), 0)]));
  // A file that failed as a whole counts as one failed test.
  total.fail += results.filter((result) => result.problem).length;
  const failures = results.flatMap((result) => [
    ...(result.problem ? [`${result.file}: ${result.problem}`] : []),
    ...result.failed.map((name) => `${result.file}: ${name}`),
  ]);
  if (failures.length > 0) {
    write('# failing tests:');
    for (const failure of failures) write(`#   ${failure}`);
  }
  for (const name of COUNTERS) write(`# ${name} ${total[name]}`);
  write(`# duration_ms ${Date.now() - started}`);
  return { results, total, failures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((file) => relative(ROOT, resolve(file))) : [...testFiles('test/unit'), ...testFiles('test/e2e')];
  const { total } = await runFiles(files);
  process.exitCode = total.fail + total.cancelled > 0 ? 1 : 0;
}
