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
    }, stillHolds ? { stillHolds } : {});

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

test('items that are the last call\'s very objects under the same `same` keep their values without an id, a key or a look-up', () => {
  interface Item { id: string; version: number }
  const memo = new Memo<string>();
  const asked: string[] = [];
  const made: string[] = [];
  const id = (item: Item) => {
    asked.push(`id ${item.id}`);
    return item.id;
  };
  const key = (item: Item) => {
    asked.push(`key ${item.id}`);
    return String(item.version);
  };
  const make = (item: Item, itemKey: string) => {
    made.push(item.id);
    return `${item.id}@${itemKey}`;
  };
  const run = (items: Item[], same: unknown, stillHolds?: (value: string) => boolean) => {
    asked.length = 0;
    made.length = 0;
    return memo.all(items, id, key, make, stillHolds ? { stillHolds, same } : { same });
  };
  const [a, b, c] = [{ id: 'a', version: 1 }, { id: 'b', version: 1 }, { id: 'c', version: 1 }];
  assert.deepEqual(run([a, b, c], 'routes 1'), ['a@1', 'b@1', 'c@1']);
  assert.deepEqual(run([a, b, c], 'routes 1'), ['a@1', 'b@1', 'c@1']);
  assert.equal(asked.join(), '', 'the same objects at the same places: nothing asked of them');
  assert.deepEqual(made, []);
  // One item edited (a new object): only it is asked for and made; what it would make is found first.
  const edited = { id: 'b', version: 2 };
  assert.deepEqual(memo.toMake([a, edited, c], id, key, { same: 'routes 1' }), [edited]);
  assert.equal(asked.join(), 'id b,key b');
  assert.deepEqual(run([a, edited, c], 'routes 1'), ['a@1', 'b@2', 'c@1']);
  assert.equal(asked.join(), 'id b,key b');
  assert.deepEqual(made, ['b']);
  // Another `same` (what every key is made from besides its item): every item asked for.
  assert.deepEqual(run([a, edited, c], 'routes 2'), ['a@1', 'b@2', 'c@1']);
  assert.deepEqual(asked.filter((asking) => asking.startsWith('key')), ['key a', 'key b', 'key c']);
  assert.deepEqual(made, []);
  // A value that no longer holds is made anew, found by identity or not.
  assert.deepEqual(run([a, edited, c], 'routes 2', (value) => value !== 'a@1'), ['a@1', 'b@2', 'c@1']);
  assert.deepEqual(made, ['a']);
  // An item gone: the others moved up a place, looked up by id; the gone one's entry dropped.
  assert.deepEqual(run([a, c], 'routes 2'), ['a@1', 'c@1']);
  assert.deepEqual(made, []);
  assert.equal(memo.last('b'), undefined);
  assert.equal(memo.last('c')?.value, 'c@1');
  // A forgotten entry is not found by identity either.
  memo.forget('c');
  assert.deepEqual(run([a, c], 'routes 2'), ['a@1', 'c@1']);
  assert.deepEqual(made, ['c']);
  // An id given twice: no call finds those items' entries by index; the later item's value is kept.
  const twice = [a, { id: 'a', version: 3 }];
  run(twice, 'routes 2');
  assert.deepEqual(run(twice, 'routes 2'), ['a@1', 'a@3']);
  assert.deepEqual(made, ['a', 'a']);
  assert.equal(memo.last('a')?.key, '3');
  assert.equal(memo.last('c'), undefined);
});

test('items new on each call are met by their identity: the object their key is made from', () => {
  interface Doc { id: string; version: number }
  interface Page { doc: Doc; path: string }
  const memo = new Memo<string>();
  const made: string[] = [];
  let keys = 0;
  const run = (docs: Doc[], same: string) => memo.all(docs.map((doc): Page => ({ doc, path: `/${doc.id}/` })), (page) => page.path, (page) => {
    keys += 1;
    return `${same}:${page.doc.version}`;
  }, (page, key) => {
    made.push(page.path);
    return `${page.path}@${key}`;
  }, { same, identity: (page) => page.doc });
  const [a, b] = [{ id: 'a', version: 1 }, { id: 'b', version: 1 }];
  assert.deepEqual(run([a, b], 'stamp 1'), ['/a/@stamp 1:1', '/b/@stamp 1:1']);
  keys = 0;
  made.length = 0;
  const edited = { id: 'b', version: 2 };
  assert.deepEqual(run([a, edited], 'stamp 1'), ['/a/@stamp 1:1', '/b/@stamp 1:2']);
  assert.equal(keys, 1, 'new pages of the same doc: no key made');
  assert.deepEqual(made, ['/b/']);
  made.length = 0;
  assert.deepEqual(run([a, edited], 'stamp 2'), ['/a/@stamp 2:1', '/b/@stamp 2:2']);
  assert.deepEqual(made, ['/a/', '/b/']);
});

test('with holdsWhileSame, a call meeting mostly the last call\'s objects reads only the others and says where they are', () => {
  interface Item { id: string; version: number }
  const memo = new Memo<string>();
  const made: string[] = [];
  let held = 0;
  const run = (items: Item[], same: string) => memo.all(items, (item) => item.id, (item) => String(item.version), (item, key) => {
    made.push(item.id);
    return `${item.id}@${key}`;
  }, {
    same, holdsWhileSame: true, stillHolds: () => {
      held += 1;
      return true;
    },
  });
  const values = (items: Item[]) => items.map((item) => `${item.id}@${item.version}`);
  const items = Array.from({ length: 16 }, (_, index) => ({ id: `i${index}`, version: 1 }));
  assert.deepEqual(run(items, 's'), values(items));
  assert.equal(memo.changed, undefined, 'the first call reads every item');
  // One item edited: only it is read; the others' values are the last call's, unasked.
  made.length = 0;
  held = 0;
  const edited = items.with(5, { id: 'i5', version: 2 });
  assert.deepEqual(run(edited, 's'), values(edited));
  assert.deepEqual(memo.changed, [5]);
  assert.deepEqual(made, ['i5']);
  assert.equal(held, 0, 'no stored value asked whether it holds: none was met at a changed place');
  // An item replaced by another (a doc renamed): the one gone leaves no entry.
  const renamed = edited.with(3, { id: 'x', version: 1 });
  assert.deepEqual(run(renamed, 's'), values(renamed));
  assert.deepEqual(memo.changed, [3]);
  assert.equal(memo.last('i3'), undefined);
  // Two items swapped: each found by its id, nothing made, nothing dropped.
  made.length = 0;
  const swapped = renamed.with(0, renamed[1] as Item).with(1, renamed[0] as Item);
  assert.deepEqual(run(swapped, 's'), values(swapped));
  assert.deepEqual(memo.changed, [0, 1]);
  assert.deepEqual(made, []);
  assert.equal(memo.last('i0')?.value, 'i0@1');
  // Many changed places, or another `same`: every item read, each stored value asked.
  const many = swapped.map((item, index) => (index % 2 === 0 ? { ...item, version: 3 } : item));
  assert.deepEqual(run(many, 's'), values(many));
  assert.equal(memo.changed, undefined);
  held = 0;
  assert.deepEqual(run(many, 't'), values(many));
  assert.equal(memo.changed, undefined);
  assert.equal(held, many.length);
  // An id given twice at a changed place: right values, and the next call reads every item.
  const twice = many.with(2, { id: 'i1', version: 9 });
  assert.deepEqual(run(twice, 't'), values(twice));
  assert.deepEqual(memo.changed, [2]);
  run(twice, 't');
  assert.equal(memo.changed, undefined);
});

test('the version changes with every entry set or dropped, and only then: load reads a reused walk\'s unedited docs by it', () => {
  const memo = new Memo<string>();
  const changes = (run: () => unknown) => {
    const before = memo.version;
    run();
    return memo.version - before;
  };
  const all = (items: [string, string][]) => memo.all(items, ([id]) => id, ([, key]) => key, ([id], key) => `${id}@${key}`);
  assert.equal(changes(() => memo.get('a', '1', () => 'a@1')), 1);
  assert.equal(changes(() => memo.get('a', '1', () => 'never')), 0, 'a value reused');
  assert.equal(changes(() => memo.get('a', '2', () => 'a@2')), 1, 'made again for another key');
  assert.equal(changes(() => memo.get('a', '2', () => 'a@2 again', () => false)), 1, 'made again where it no longer holds');
  assert.equal(changes(() => memo.last('a')), 0);
  assert.equal(changes(() => memo.forget('a')), 1);
  assert.equal(changes(() => all([['a', '1'], ['b', '1']])), 2);
  assert.equal(changes(() => all([['a', '1'], ['b', '1']])), 0);
  assert.equal(changes(() => all([['a', '1'], ['b', '2']])), 1);
  assert.equal(changes(() => all([['a', '1']])), 1, 'an item gone: its entry dropped');
  memo.get('c', '1', () => 'c@1');
  assert.equal(changes(() => memo.keepOnly(new Set(['a', 'c']))), 0);
  assert.equal(changes(() => memo.keepOnly(new Set(['a']))), 1);
});

test('a call patched from the last one keeps the right values over saves, and after a value that could not be made', () => {
  // The patched path keeps its entries and identities where they are (no copy of every item): each
  // call must still give every item its own value, and a failure half-way must not leave the memo
  // believing what it had not finished.
  interface Doc { id: string; version: number }
  interface Page { doc: Doc }
  const memo = new Memo<string>();
  let failOn: string | undefined;
  const made: string[] = [];
  let pages: Page[] = [];
  const run = (docs: Doc[]) => {
    // Pages as a save makes them: the last call's very objects where the doc is the same.
    const last = pages;
    pages = docs.map((doc, index) => (last[index]?.doc === doc ? last[index] as Page : { doc }));
    return memo.all(pages, (page) => page.doc.id, (page) => String(page.doc.version), (page, key) => {
      if (page.doc.id === failOn) throw new Error(`cannot make ${page.doc.id}`);
      made.push(page.doc.id);
      return `${page.doc.id}@${key}`;
    }, { same: 's', identity: (page) => page.doc, holdsWhileSame: true });
  };
  const expected = (docs: Doc[]) => docs.map((doc) => `${doc.id}@${doc.version}`);
  let docs = Array.from({ length: 16 }, (_, index) => ({ id: `d${index}`, version: 1 }));
  assert.deepEqual(run(docs), expected(docs));
  for (const at of [3, 9, 3]) {
    const before = run(docs);
    docs = docs.with(at, { id: `d${at}`, version: (docs[at] as Doc).version + 1 });
    made.length = 0;
    const after = run(docs);
    assert.deepEqual(after, expected(docs));
    assert.deepEqual(memo.changed, [at]);
    assert.deepEqual(made, [`d${at}`]);
    assert.deepEqual(before, expected(docs.with(at, { id: `d${at}`, version: (docs[at] as Doc).version - 1 })), 'a list given out is never changed afterwards');
  }
  // Two docs edited, the second one's value cannot be made: the call fails; the next one, with
  // both made, gives every value right and reads every item.
  const failing = docs.with(2, { id: 'd2', version: 5 }).with(7, { id: 'd7', version: 5 });
  failOn = 'd7';
  assert.throws(() => run(failing), /cannot make d7/);
  failOn = undefined;
  made.length = 0;
  assert.deepEqual(run(failing), expected(failing));
  assert.equal(memo.changed, undefined, 'after a failed call, every item is read');
  assert.deepEqual(made.sort(), ['d7']);
});
