// `npm start` compares what a save meets with the last build's by identity (lib/runtime/same-items.ts):
// a value kept for an item must be the one made anew from it would be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ListKey } from '../../lib/runtime/build-cache.ts';
import { changedSince, KeptJoin, KeptPicks, KeptValues, notePatched, sameItems } from '../../lib/runtime/same-items.ts';
import { Memo } from '../../lib/runtime/memo.ts';

interface Doc { route: string }

test('kept values are the ones made anew, made again only for new objects or another context', () => {
  const kept = new KeptValues<Doc, string>();
  const asked: string[] = [];
  const valueIn = (context: string) => (doc: Doc) => {
    asked.push(doc.route);
    return `${context}${doc.route}`;
  };
  const check = (docs: Doc[], context: string, expectAsked: string[]) => {
    asked.length = 0;
    assert.deepEqual(kept.of(docs, valueIn(context), context), docs.map((doc) => `${context}${doc.route}`));
    assert.deepEqual(asked, expectAsked);
  };
  const [a, b, c] = [{ route: '/a/' }, { route: '/b/' }, { route: '/c/' }];
  check([a, b, c], 'x', ['/a/', '/b/', '/c/']);
  check([a, b, c], 'x', []);
  // An edited doc (a new object at its place), then docs that moved: each asked for where the object at its index is not the last call's.
  const edited = { route: '/b/' };
  check([a, edited, c], 'x', ['/b/']);
  check([a, c, edited], 'x', ['/c/', '/b/']);
  check([a, c], 'x', []);
  check([a, c, b], 'x', ['/b/']);
  // Another context: every value made again.
  check([a, c, b], 'y', ['/a/', '/c/', '/b/']);
  // A list given out is never changed afterwards: a call that changes a value gives a list of its own.
  const given = kept.of([a, c, b], valueIn('y'), 'y');
  assert.deepEqual(kept.of([a, c, edited], valueIn('y'), 'y'), ['y/a/', 'y/c/', 'y/b/']);
  assert.deepEqual(given, ['y/a/', 'y/c/', 'y/b/']);
  assert.notEqual(kept.of([a, c, edited], valueIn('y'), 'y'), given);
});

test('kept picks are the items at the indexes: the very last list where none changed, else a copy patched, the last list as it was', () => {
  const kept = new KeptPicks<Doc>();
  const [a, b, c, d] = [{ route: '/a/' }, { route: '/b/' }, { route: '/c/' }, { route: '/d/' }];
  const order = [2, 0, 3];
  const first = kept.of([a, b, c, d], order);
  assert.deepEqual(first, [c, a, d]);
  assert.equal(kept.of([a, b, c, d], order), first, 'the same items: the same list');
  assert.equal(kept.of([a, { route: '/b/' }, c, d], order), first, 'an item at no index of the order changes nothing');
  const edited = { route: '/a/' };
  const patched = kept.of([edited, b, c, d], order);
  assert.deepEqual(patched, [c, edited, d]);
  assert.ok(patched[1] === edited && first[1] === a, 'the list given before is not changed');
  // Another order (the site parts made anew): picked anew.
  assert.deepEqual(kept.of([edited, b, c, d], [1, 2]), [b, c]);
});

test('a list key is the last one while each list holds the same texts, and another when any text differs', () => {
  const key = new ListKey();
  const routes = ['/a/', '/b/'];
  const first = key.of([['https://x.example'], routes]);
  assert.equal(key.of([['https://x.example'], routes]), first);
  assert.equal(key.of([['https://x.example'], ['/a/', '/b/']]), first, 'equal texts in a new list');
  assert.notEqual(key.of([['https://x.example'], ['/a/', '/c/']]), first);
  assert.notEqual(key.of([['https://x.example', '/a/'], ['/b/']]), first, 'the same texts cut into other lists');
});

/** A list that counts how many of its items are read (by index). */
function counted<T>(items: T[]): { list: T[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

/** `from` with the items at some indexes replaced, noted as patched there (as a save's stages pass their lists on); its reads counted. */
function patched<T>(from: T[], replaced: Record<number, T>): { list: T[]; reads: () => number } {
  const copy = from.slice();
  for (const [index, item] of Object.entries(replaced)) copy[Number(index)] = item;
  const made = counted(copy);
  notePatched(made.list, from, Object.keys(replaced).map(Number).sort((a, b) => a - b));
  return made;
}

test('a list noted as patched from the last one is read only where it was patched, and its values are noted as patched there', () => {
  const docs = Array.from({ length: 1000 }, (_, index) => ({ route: `/d${index}/` }));
  const values = new KeptValues<Doc, string>();
  const asked: string[] = [];
  const value = (doc: Doc) => {
    asked.push(doc.route);
    return doc.route.toUpperCase();
  };
  const first = values.of(docs, value);
  const { list, reads } = patched(docs, { 500: { route: '/edited/' } });
  asked.length = 0;
  const second = values.of(list, value);
  assert.deepEqual(second, docs.map((doc, index) => (index === 500 ? '/EDITED/' : doc.route.toUpperCase())));
  assert.deepEqual(asked, ['/edited/']);
  assert.ok(reads() <= 2, `${reads()} items read, of one patched`);
  assert.deepEqual(changedSince(first, second), [500], 'what is made from the values reads only there too');
  assert.equal(first[500], '/D500/', 'the last call\'s list is not changed');
  // The same items again, in a list noted as patched nowhere: the very last values, no item read.
  const again = counted(list.slice());
  notePatched(again.list, list, []);
  assert.equal(values.of(again.list, value), second);
  assert.equal(again.reads(), 0);
  // A list of the same items not noted as patched: each compared, the same values.
  assert.deepEqual(values.of(list.slice(), value), second);
  assert.deepEqual(asked, ['/edited/']);
});

test('picks, list comparisons, joins and the memo read a patched list only where it was patched', () => {
  const docs = Array.from({ length: 1000 }, (_, index) => ({ route: `/d${index}/` }));
  const edited = { route: '/edited/' };
  // Picks: the edited doc where it is picked, none read but the patched one.
  const picks = new KeptPicks<Doc>();
  const order = [...docs.keys()].filter((index) => index % 2 === 0).reverse();
  const firstPicks = picks.of(docs, order);
  const pickList = patched(docs, { 500: edited });
  const picked = picks.of(pickList.list, order);
  assert.deepEqual(picked, order.map((index) => (index === 500 ? edited : docs[index])));
  assert.ok(pickList.reads() <= 2, `${pickList.reads()} items read for the picks`);
  assert.deepEqual(changedSince(firstPicks, picked), [order.indexOf(500)]);
  assert.equal(picks.of(patched(pickList.list, { 501: edited }).list, order), picked, 'an index not picked changes nothing');
  // sameItems: only the patched places compared.
  const same = patched(docs, { 7: docs[7] as Doc });
  assert.equal(sameItems(docs, same.list), true);
  assert.ok(same.reads() <= 1);
  assert.equal(sameItems(docs, patched(docs, { 7: edited }).list), false);
  // A join of parts, one patched: the joined list is noted as patched at that place, offset.
  const join = new KeptJoin<Doc>();
  const head = [{ route: '/' }];
  const firstJoined = join.of([head, docs]);
  const joined = join.of([[{ route: '/' }], patched(docs, { 10: edited }).list]);
  assert.deepEqual(joined, [{ route: '/' }, ...docs.slice(0, 10), edited, ...docs.slice(11)]);
  assert.deepEqual(changedSince(firstJoined, joined), [0, 11], 'the head is a new object, the doc at 10 is at 11');
  // The very parts again (nothing changed in them): the very joined list, not a copy.
  const parts = [head, docs];
  const again = join.of(parts);
  assert.equal(join.of([head, docs]), again, 'the same parts give the last joined list');
  assert.deepEqual(again, [head[0], ...docs]);
  // The memo: the items and the made list read only where patched.
  const memo = new Memo<string>();
  const all = (items: Doc[]) => memo.all(items, (doc) => doc.route, (doc) => doc.route, (doc) => doc.route.toUpperCase(), { same: 's', holdsWhileSame: true });
  const firstValues = all(docs);
  const memoList = patched(docs, { 3: edited });
  assert.deepEqual(memo.toMake(memoList.list, (doc) => doc.route, (doc) => doc.route, { same: 's' }), [edited]);
  const values = all(memoList.list);
  assert.equal(values[3], '/EDITED/');
  assert.deepEqual(memo.changed, [3]);
  assert.ok(memoList.reads() <= 4, `${memoList.reads()} items read by the memo`);
  assert.deepEqual(changedSince(firstValues, values), [3]);
});
