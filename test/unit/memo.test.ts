// npm start's one way of reusing work (lib/runtime/memo.ts): a value is reused while its item's key
// is the same and it still holds, made again otherwise, and an item gone leaves nothing behind.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Memo } from '../../lib/runtime/memo.ts';

test('a memo reuses values by key, makes changed ones again and forgets items no longer present', () => {
  const memo = new Memo<string>();
  const made: string[] = [];
  const run = (items: [string, string][], stillHolds?: (value: string) => boolean) =>
    memo.all(items, ([id]) => id, ([, key]) => key, ([id], key) => {
      made.push(id);
      return `${id}@${key}`;
    }, stillHolds);

  assert.deepEqual(run([['a', '1'], ['b', '1'], ['c', '1']]), ['a@1', 'b@1', 'c@1']);
  assert.equal(memo.made, 3);
  made.length = 0;
  assert.deepEqual(run([['a', '1'], ['b', '2'], ['c', '1']]), ['a@1', 'b@2', 'c@1']);
  assert.deepEqual(made, ['b']);
  assert.equal(memo.made, 1);
  // A value refused though its key is the same (an image of the doc changed on the disk).
  made.length = 0;
  assert.deepEqual(run([['a', '1'], ['b', '2'], ['c', '1']], (value) => value !== 'c@1'), ['a@1', 'b@2', 'c@1']);
  assert.deepEqual(made, ['c']);
  // "b" is gone: its entry too, so that it comes back made anew.
  run([['a', '1'], ['c', '1']]);
  assert.equal(memo.last('b'), undefined);
  assert.equal(memo.last('a')?.value, 'a@1');
  made.length = 0;
  run([['a', '1'], ['b', '2'], ['c', '1']]);
  assert.deepEqual(made, ['b']);
  // An id given twice keeps the last value made for it.
  run([['d', '1'], ['d', '2']]);
  assert.equal(memo.last('d')?.key, '2');
  assert.equal(memo.last('a'), undefined);
});
