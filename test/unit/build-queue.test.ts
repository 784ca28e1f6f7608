// `npm start`'s build side does one thing at a time (lib/dev/build-queue.ts): work done in turns
// lets in the builds of the saves received meanwhile, instead of running every turn first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MessageChannel } from 'node:worker_threads';
import { BuildQueue } from '../../lib/dev/build-queue.ts';

test('build-queue-turns: a save received during the first of five turns is built before the turns end', async () => {
  const queue = new BuildQueue();
  const order: string[] = [];
  // A message, as the server's request for a save's build reaches the build process.
  const { port1, port2 } = new MessageChannel();
  try {
    const saved = new Promise<void>((resolve) => port2.on('message', () => queue.add(() => {
      order.push('save');
      resolve();
    })));
    let turns = 0;
    const turnsEnded = new Promise<void>((resolve) => {
      const turn = () => {
        order.push(`turn ${turns}`);
        if (turns === 0) port1.postMessage('build');
        turns += 1;
        if (turns < 5) queue.afterWaiting(turn);
        else resolve();
      };
      queue.add(turn);
    });
    await Promise.all([saved, turnsEnded]);
    // Taken in at the first poll for messages after the turn that saw it: after one turn more at most.
    assert.ok(order.indexOf('save') <= 2, `the save waited for the turns: ${order.join(', ')}`);
    assert.equal(order.length, 6);
  } finally {
    port1.close();
    port2.close();
  }
});

test('build-queue-order: tasks run one at a time, in the order queued, each after the last has settled', async () => {
  const queue = new BuildQueue();
  const order: string[] = [];
  let running = 0;
  const task = (name: string, waits: boolean) => async () => {
    running += 1;
    assert.equal(running, 1, `${name} ran beside another task`);
    if (waits) await new Promise((resolve) => setImmediate(resolve));
    order.push(name);
    running -= 1;
  };
  queue.add(task('first build', true));
  queue.add(task('second build', false));
  queue.afterWaiting(task('a turn', true));
  const ended = new Promise<void>((resolve) => queue.afterWaiting(() => resolve()));
  queue.add(task('third build', false));
  await ended;
  assert.deepEqual(order, ['first build', 'second build', 'third build', 'a turn']);
});
