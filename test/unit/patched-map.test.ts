// `npm start` keeps maps of every doc between saves and patches them where the docs changed
// (PatchedMap, lib/runtime/patched-map.ts): each save's map must hold what a map made anew holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PatchedMap } from '../../lib/runtime/patched-map.ts';

interface Doc { route: string; title: string }

test('a patched map holds what a map made anew from the same list holds, whatever changed in the list', () => {
  const patched = new PatchedMap<Doc, string, string>((doc) => doc.route);
  const value = (doc: Doc) => doc.title;
  const fresh = (docs: Doc[]) => [...new Map(docs.map((doc) => [doc.route, value(doc)]))].sort();
  const check = (docs: Doc[], context?: unknown) => assert.deepEqual([...patched.of(docs, value, context)].sort(), fresh(docs));
  const [a, b, c] = [{ route: '/a/', title: 'A' }, { route: '/b/', title: 'B' }, { route: '/c/', title: 'C' }];
  check([a, b, c]);
  // One doc edited: a new object at its place, its entry replaced.
  check([a, { ...b, title: 'B, edited' }, c]);
  // Two docs that swapped routes (both objects new): no entry of the old routes left behind.
  check([a, { route: '/c/', title: 'B at c' }, { route: '/b/', title: 'C at b' }]);
  // A doc moved to a new route: its old route is gone.
  check([a, { route: '/d/', title: 'D' }, { route: '/b/', title: 'C at b' }]);
  // A doc added, then one deleted: the map is made anew.
  check([a, b, c, { route: '/e/', title: 'E' }]);
  check([a, c, { route: '/e/', title: 'E' }]);
  // The same objects under another context (what each value reads besides its doc).
  const list = [a, c];
  check(list, 'one');
  const titled = (suffix: string) => (doc: Doc) => `${doc.title}${suffix}`;
  assert.deepEqual([...patched.of(list, titled('!'), 'two')].sort(), [['/a/', 'A!'], ['/c/', 'C!']]);
  assert.deepEqual([...patched.of(list, titled('?'), 'two')].sort(), [['/a/', 'A!'], ['/c/', 'C!']], 'the same context: the values stand');
});

test('a patched map\'s version is the same while its entries are, and another once they changed', () => {
  const patched = new PatchedMap<Doc, string, string>((doc) => doc.route);
  const value = (doc: Doc) => doc.title;
  const [a, b, c] = [{ route: '/a/', title: 'A' }, { route: '/b/', title: 'B' }, { route: '/c/', title: 'C' }];
  const versions: (number | undefined)[] = [];
  const of = (docs: Doc[]) => {
    const map = patched.of(docs, value);
    versions.push(patched.versionOf(map));
    return map;
  };
  const first = of([a, b, c]);
  of([a, b, c]);
  // A doc edited where the map does not look (a new object, the same route and title).
  of([a, { ...b }, c]);
  // An entry's value changed, then its key.
  of([a, { ...b, title: 'B, edited' }, c]);
  of([a, { route: '/d/', title: 'B, edited' }, c]);
  // Two docs that swapped places: the same entries, counted as a change all the same.
  of([a, c, { route: '/d/', title: 'B, edited' }]);
  // A doc added: the map made anew.
  const last = of([a, c, { route: '/d/', title: 'B, edited' }, { route: '/e/', title: 'E' }]);
  assert.deepEqual(versions, [1, 1, 1, 2, 3, 4, 5]);
  assert.equal(patched.versionOf(new Map(last)), undefined, 'a map of the same entries that is not the one it keeps has no version');
  assert.equal(patched.versionOf(first), undefined, 'nor one it no longer keeps');
});
