// The server behind `npm start` stays up and answers only what it should: a file that a rebuild
// deletes mid-request is a 404 (never an exit), a malformed address is a 400, a request under a
// foreign host name (DNS rebinding) is refused, and only the exact reload path is the event stream.
// The command line refuses what it cannot read, with one line.
import assert from 'node:assert/strict';
import fs, { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, test } from 'node:test';
import { CliError, parseCli, parsePort } from '../../lib/cli.ts';
import { CHANGED_SHOWN, changedLine } from '../../lib/dev/changed-line.ts';
import { LIVE_RELOAD_CLIENT, LiveReload } from '../../lib/dev/live-reload.ts';
import { createStaticServer } from '../../lib/dev/static-server.ts';
import { BASIC_FIXTURE, buildInto } from '../helpers/site.ts';

let outDir: string;
// The deletion tests have a time bound: without error handling the request is never answered.
/** As `npm start` runs it: live reload, pages with the reload script, only its own host names. */
let dev: Server;
/** As the browser tests run it: no options. */
let plain: Server;

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

before(async () => {
  ({ outDir } = await buildInto(BASIC_FIXTURE));
  dev = createStaticServer({ dir: outDir, handle: new LiveReload().handle, injectIntoPages: LIVE_RELOAD_CLIENT, allowedHosts: ['127.0.0.1'] });
  plain = createStaticServer({ dir: outDir });
  await Promise.all([listen(dev), listen(plain)]);
});

after(async () => {
  await Promise.all([close(dev), close(plain)]);
  // buildInto writes to <temp>/dist: remove the temporary folder.
  if (outDir) rmSync(dirname(outDir), { recursive: true, force: true });
});

interface Answer { status: number; type: string; body: string }

/**
 * A raw GET (the path exactly as written); `host` replaces the Host header. An event stream is
 * not read to its end (it has none): its first chunk is the body.
 */
function get(server: Server, path: string, host?: string): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port, path, method: 'GET', headers: host ? { Host: host } : {} }, (response) => {
      const type = response.headers['content-type'] ?? '';
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        if (type.startsWith('text/event-stream')) {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, type, body });
        }
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Deletes `paths` right after the server has checked that the first one is a file, before it reads
 * it: the moment a rebuild replaces the output folder under a request. The returned function puts
 * everything back (the files too, for the next tests).
 */
function deleteAfterCheck(paths: string[]): () => void {
  const saved = paths.map((path) => [path, readFileSync(path)] as const);
  const realStat = fs.statSync;
  let done = false;
  fs.statSync = ((path: fs.PathLike, options?: fs.StatSyncOptions) => {
    const stats = realStat(path, options);
    if (!done && String(path) === paths[0]) {
      done = true;
      for (const file of paths) unlinkSync(file);
    }
    return stats;
  }) as typeof fs.statSync;
  syncBuiltinESMExports();
  return () => {
    fs.statSync = realStat;
    syncBuiltinESMExports();
    for (const [path, content] of saved) writeFileSync(path, content);
  };
}

test('a file deleted between the check and the read is a 404, and the server answers the next request', { timeout: 10_000 }, async (t) => {
  const file = join(outDir, 'llms.txt');
  assert.ok(existsSync(file));
  t.after(deleteAfterCheck([file]));
  const answer = await get(dev, '/llms.txt', '127.0.0.1');
  assert.equal(answer.status, 404);
  assert.match(answer.body, /<h1>Page Not Found<\/h1>/);
  assert.equal((await get(dev, '/docs/guides/first/', '127.0.0.1')).status, 200);
});

test('a page deleted between the check and the read (with the reload script added) is a 404, not an exit', { timeout: 10_000 }, async (t) => {
  const page = join(outDir, 'docs/guides/second/index.html');
  t.after(deleteAfterCheck([page]));
  const answer = await get(dev, '/docs/guides/second/', '127.0.0.1');
  assert.equal(answer.status, 404);
  assert.match(answer.body, /<h1>Page Not Found<\/h1>/);
  assert.equal((await get(dev, '/docs/guides/first/', '127.0.0.1')).status, 200);
});

test('a file deleted with the not-found page itself is a plain 404, and the server answers the next request', { timeout: 10_000 }, async (t) => {
  const file = join(outDir, 'robots.txt');
  assert.ok(existsSync(file));
  t.after(deleteAfterCheck([file, join(outDir, '404.html')]));
  const answer = await get(plain, '/robots.txt');
  assert.equal(answer.status, 404);
  assert.equal(answer.body, 'Not found');
  assert.equal((await get(plain, '/docs/guides/first/')).status, 200);
});

test('a malformed address (a bad "%" escape, an unparsable path) is a 400, not the home page', async () => {
  for (const path of ['/%zz', '/docs/%E0%A4%A/', '//[']) {
    for (const server of [dev, plain]) {
      const answer = await get(server, path, '127.0.0.1');
      assert.equal(answer.status, 400, path);
      assert.doesNotMatch(answer.body, /<html/, path);
    }
  }
  assert.equal((await get(dev, '/docs/guides/first/', '127.0.0.1')).status, 200);
});

test('the dev server refuses a foreign Host (DNS rebinding) and serves localhost, its IP addresses and its --host', async () => {
  const { port } = dev.address() as AddressInfo;
  for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
    const answer = await get(dev, '/docs/guides/first/', host);
    assert.equal(answer.status, 403, host);
    assert.doesNotMatch(answer.body, /First guide/, host);
  }
  // The event stream carries build errors: refused too.
  assert.equal((await get(dev, '/__reload', `evil.example:${port}`)).status, 403);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
    assert.equal((await get(dev, '/docs/guides/first/', host)).status, 200, host);
  }
  const named = createStaticServer({ dir: outDir, allowedHosts: ['docs.lan'] });
  try {
    await listen(named);
    assert.equal((await get(named, '/docs/guides/first/', 'docs.lan:8080')).status, 200);
    assert.equal((await get(named, '/docs/guides/first/', 'other.lan:8080')).status, 403);
  } finally {
    await close(named);
  }
  // Without the option (the browser tests' server), any Host is served.
  assert.equal((await get(plain, '/docs/guides/first/', 'evil.example')).status, 200);
});

test('only the exact reload path is the event stream; "/__reload-anything" is an ordinary (missing) page', async () => {
  const stream = await get(dev, '/__reload', '127.0.0.1');
  assert.equal(stream.status, 200);
  assert.match(stream.type, /^text\/event-stream/);
  assert.match((await get(dev, '/__reload?tab=1', '127.0.0.1')).type, /^text\/event-stream/);
  for (const path of ['/__reload-anything', '/__reload/x', '/__reloaded']) {
    const answer = await get(dev, path, '127.0.0.1');
    assert.equal(answer.status, 404, path);
    assert.doesNotMatch(answer.type, /event-stream/, path);
    assert.match(answer.body, /<h1>Page Not Found<\/h1>/, path);
  }
});

test('the command line: "--host --port 5062" is an error about --host, not a host named "--port"', () => {
  assert.throws(() => parseCli('/r', ['--host', '--port', '5062'], { '--port': 'N', '--host': 'ADDRESS' }),
    (error: unknown) => error instanceof CliError && /^--host needs a value .*"--port"/.test(error.message));
  assert.throws(() => parseCli('/r', ['--port'], { '--port': 'N' }), (error: unknown) => error instanceof CliError && /^--port needs a value/.test(error.message));
});

test('the command line: an unknown flag or a stray word is refused with the list of options', () => {
  assert.throws(() => parseCli('/r', ['--prot', '3000'], { '--port': 'N' }),
    (error: unknown) => error instanceof CliError && error.message === 'Unknown option "--prot"; the options are --site DIR, --out DIR, --port N.');
  // build.ts takes no --port.
  assert.throws(() => parseCli('/r', ['--port', '3000']), (error: unknown) => error instanceof CliError && /Unknown option "--port"/.test(error.message));
  assert.throws(() => parseCli('/r', ['site']), (error: unknown) => error instanceof CliError && /Unexpected argument "site"/.test(error.message));
  assert.throws(() => parseCli('/r', ['--out', 'a', '--out', 'b']), (error: unknown) => error instanceof CliError && /given twice/.test(error.message));
});

test('the command line: --site and --out still work, in both spellings', () => {
  const cli = parseCli('/r', ['--site', '/s', '--out=/o', '--port=5062'], { '--port': 'N' });
  assert.equal(cli.siteDir, '/s');
  assert.equal(cli.outDir, '/o');
  assert.equal(cli.option('--port'), '5062');
  const defaults = parseCli('/r', []);
  assert.equal(defaults.siteDir, '/r');
  assert.equal(defaults.outDir, '/r/dist');
});

test('a port must be a whole number from 0 to 65535', () => {
  assert.equal(parsePort('5062', '--port'), 5062);
  assert.equal(parsePort('0', '--port'), 0);
  for (const bad of ['abc', '70000', '-1', '30.5', '', '1e3']) {
    assert.throws(() => parsePort(bad, 'PORT'), (error: unknown) => error instanceof CliError && error.message.startsWith('PORT must be a whole number'), bad);
  }
});

test('a save is one line naming its files; thousands (a branch switch) are counted past the first few', () => {
  const site = '/work/site';
  const root = '/work/generator';
  assert.equal(changedLine([`${site}/content/docs/a.md`, `${root}/components/Footer.tsx`], site, root), 'Changed: content/docs/a.md, components/Footer.tsx');
  const many = Array.from({ length: 5000 }, (_, index) => `${site}/content/docs/page-${index}.md`);
  const line = changedLine(many, site, root);
  assert.equal(CHANGED_SHOWN, 10);
  assert.equal(line, `Changed: ${many.slice(0, 10).map((path) => path.slice(site.length + 1)).join(', ')} (and 4990 more)`);
});
