// `npm start` compares what a save meets with the last build's by identity (lib/runtime/same-items.ts):
// a value kept for an item must be the one made anew from it would be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ListKey } from '../../lib/runtime/build-cache.ts';
import { KeptPicks, KeptValues } from '../../lib/runtime/same-items.ts';

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
  // A list given out is never changed afterwards: the next call's values are a list of their own.
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
