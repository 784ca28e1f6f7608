// `npm start` compares what a save meets with the last build's by identity (lib/runtime/same-items.ts):
// a value kept for an item must be the one made anew from it would be.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeptValues } from '../../lib/runtime/same-items.ts';

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
});
