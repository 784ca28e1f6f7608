// `npm start` stays up and says clearly what it cannot do: a busy port or a bad argument is one line
// and a non-zero exit (no stack, no build worker left behind); content/ moved away and back (a
// branch switch) is watched again; the real dev server refuses a foreign Host. Each test runs dev.ts
// on its own copy of the basic fixture; no browser.
import assert from 'node:assert/strict';
import { cpSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { groupGone, startDev, type DevProcess } from '../helpers/dev-process.ts';
import { fixtureWith, tempDir } from '../helpers/site.ts';

/** dev.ts on a fresh copy of the basic fixture, stopped (with its worker) when the test ends. */
function devOnFixture(t: { after: (fn: () => unknown) => void }, extra: string[], env?: NodeJS.ProcessEnv): { dev: DevProcess; site: string } {
  const site = fixtureWith();
  const out = tempDir();
  const dev = startDev(['--site', site, '--out', join(out, 'dist'), ...extra], { env });
  t.after(async () => {
    await dev.stop();
    for (const dir of [site, out]) rmSync(dir, { recursive: true, force: true });
  });
  return { dev, site };
}

/** A GET with its Host header as given; the body as text. */
function get(url: string, host?: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, headers: host ? { Host: host } : {} }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The served page, asked again until it shows `text` (bounded by the test's timeout). */
async function pageShows(url: string, text: string): Promise<void> {
  for (;;) {
    if ((await get(url)).body.includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asserts that the process ended with `code` and printed exactly one line to stderr, with no stack. */
async function endsWithOneLine(dev: DevProcess, code: number, line: RegExp): Promise<void> {
  assert.equal(await dev.exited, code, dev.output());
  const errors = dev.errors().trim();
  assert.equal(errors.split('\n').length, 1, `one line on stderr:\n${errors}`);
  assert.match(errors, line);
  assert.doesNotMatch(dev.output(), /^\s+at .+:\d+:\d+\)?$/m, 'no stack trace');
}

test('a busy port ends npm start with one line and exit code 1, and its build worker ends too', { timeout: 60_000 }, async (t) => {
  const blocker = createServer();
  t.after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as AddressInfo;
  const { dev } = devOnFixture(t, ['--port', String(port)]);
  await endsWithOneLine(dev, 1, new RegExp(`^Port ${port} is in use; use --port N or PORT=N\\.$`));
  assert.ok(dev.child.pid);
  await groupGone(dev.child.pid);
});

test('bad arguments end npm start with one clear line and exit code 2', { timeout: 60_000 }, async (t) => {
  const cases: Array<{ args: string[]; env?: NodeJS.ProcessEnv; line: RegExp }> = [
    { args: ['--host', '--port', '5062'], line: /^--host needs a value \(--host ADDRESS\), not the option "--port"\.$/ },
    { args: ['--port', 'abc'], line: /^--port must be a whole number from 0 to 65535, not "abc"\.$/ },
    { args: ['--port', '70000'], line: /^--port must be a whole number from 0 to 65535, not "70000"\.$/ },
    { args: [], env: { PORT: 'http' }, line: /^PORT must be a whole number from 0 to 65535, not "http"\.$/ },
    { args: ['--prot', '5062'], line: /^Unknown option "--prot"; the options are --site DIR, --out DIR, --port N, --host ADDRESS\.$/ },
  ];
  for (const { args, env, line } of cases) {
    const { dev } = devOnFixture(t, args, env);
    await endsWithOneLine(dev, 2, line);
  }
});

test('content/ moved away and back (a branch switch): a page added after it is built and served', { timeout: 90_000 }, async (t) => {
  const { dev, site } = devOnFixture(t, ['--port', '0']);
  const [, url] = await dev.waitForOutput(/Serving the documentation at (http:\/\/\S+\/) /);
  assert.ok(url);
  await pageShows(`${url}docs/guides/first/`, 'First guide');

  // A branch switch: the folder goes, and comes back as new files (a plain rename back would keep
  // the folder's identity, which an inode-based watch follows even when it is otherwise lost).
  const content = join(site, 'content');
  const awayDir = tempDir();
  t.after(() => rmSync(awayDir, { recursive: true, force: true }));
  const away = join(awayDir, 'content');
  let mark = dev.output().length;
  renameSync(content, away);
  // The watcher has seen the folder go (it reports the folder, not its files one by one).
  await dev.waitForOutput(/^Changed: (.*, )?content(, | \(|$)/m, mark);
  mark = dev.output().length;
  cpSync(away, content, { recursive: true });
  await dev.waitForOutput(/^Changed: (.*, )?content(, | \(|$)/m, mark);

  // A page that did not exist before the switch: only a watcher that watches the folder again sees it.
  writeFileSync(join(content, 'docs/guides/3-third.md'), '---\ndescription: The third guide.\n---\n\n# Third guide, added after the switch\n\nText.\n');
  await pageShows(`${url}docs/guides/third/`, 'Third guide, added after the switch');
});

test('npm start refuses a request under a foreign host name (DNS rebinding) and serves localhost', { timeout: 60_000 }, async (t) => {
  const { dev } = devOnFixture(t, ['--port', '0']);
  const [, url] = await dev.waitForOutput(/Serving the documentation at (http:\/\/\S+\/) /);
  assert.ok(url);
  const { port } = new URL(url);
  const refused = await get(`${url}docs/guides/first/`, `evil.example:${port}`);
  assert.equal(refused.status, 403);
  assert.doesNotMatch(refused.body, /First guide/);
  const served = await get(`${url}docs/guides/first/`, `localhost:${port}`);
  assert.equal(served.status, 200);
  assert.match(served.body, /First guide/);
});
