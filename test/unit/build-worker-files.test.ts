// npm start's build process keeps its cache's texts in files (lib/runtime/text-store.ts): stopped
// as dev.ts stops it (SIGTERM), it removes them, so a session leaves nothing in the temporary folder.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { WorkerReply } from '../../lib/dev/protocol.ts';
import { fixtureWith, ROOT, tempDir } from '../helpers/site.ts';

const foldersOf = (pid: number | undefined) => readdirSync(tmpdir()).filter((name) => name.startsWith(`pagewright-spill-${pid}-`));

test('the build process removes the files of its cache when it is stopped', async (t) => {
  const worker = fork(join(ROOT, 'lib/dev/build-worker.ts'), [ROOT, fixtureWith(), join(tempDir(), 'dist')], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
  t.after(() => {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  });
  const built = new Promise<WorkerReply>((resolve, reject) => {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') worker.send({ type: 'build' });
      else resolve(reply);
    });
    void exited.then((code) => reject(new Error(`The build process ended (exit code ${code}) before it answered.`)));
  });
  assert.equal((await built).type, 'built');
  assert.ok(foldersOf(worker.pid).length > 0, 'the cache keeps its texts in files while the process runs');
  worker.kill('SIGTERM');
  assert.equal(await exited, 0);
  assert.deepEqual(foldersOf(worker.pid), []);
});
