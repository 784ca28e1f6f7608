// Loaded into every test file's process by scripts/run-tests.mjs (`--import`): gives each test and
// hook a time limit (TEST_TIMEOUT_S, 60 s by default) unless it sets its own, so a stuck test fails
// with its name and the file goes on. Node 20's `--test-timeout` cannot do it: it limits each file
// as a whole, not its tests. Files import `test` by name (`import { test } from 'node:test'`), the
// binding this replaces; test/unit/run-tests.test.ts holds them to it.
import { createRequire, syncBuiltinESMExports } from 'node:module';

type NodeTest = typeof import('node:test');

const TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_S || 60) * 1000;
const nodeTest = createRequire(import.meta.url)('node:test') as NodeTest;

/** The options argument of a test or hook call with the default time limit added when it has none. */
function withTimeout(args: unknown[], optionsAt: number): unknown[] {
  const given = args[optionsAt];
  if (typeof given === 'function' || given === undefined) return [...args.slice(0, optionsAt), { timeout: TIMEOUT_MS }, ...args.slice(optionsAt)];
  const options = given as { timeout?: number };
  return options.timeout === undefined ? args.with(optionsAt, { ...options, timeout: TIMEOUT_MS }) : args;
}

/** test(name?, options?, fn?) and it(): the options follow the name when there is one. */
function wrapTest<T extends NodeTest['test']>(original: T): T {
  const wrapped = (...args: unknown[]) => (original as (...a: unknown[]) => unknown)(...withTimeout(args, typeof args[0] === 'string' ? 1 : 0));
  // test.skip, test.todo and test.only keep their own behaviour (skip and todo never run).
  return Object.assign(wrapped, { skip: original.skip, todo: original.todo, only: original.only }) as unknown as T;
}

/** before(fn, options?) and the other hooks. */
function wrapHook<T extends NodeTest['before']>(original: T): T {
  return ((fn: unknown, options?: object) => original(fn as never, { timeout: TIMEOUT_MS, ...options })) as T;
}

if (TIMEOUT_MS > 0) {
  Object.assign(nodeTest, {
    test: wrapTest(nodeTest.test),
    it: wrapTest(nodeTest.it),
    before: wrapHook(nodeTest.before),
    after: wrapHook(nodeTest.after),
    beforeEach: wrapHook(nodeTest.beforeEach),
    afterEach: wrapHook(nodeTest.afterEach),
  });
  syncBuiltinESMExports();
}
