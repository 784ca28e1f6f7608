// `npm start` keeps each doc's markdown twin in a file between builds (TwinStore, lib/runtime/build-cache.ts),
// by the doc object and the site root. That the twins of a build's files read back after the store
// moves them to a new file: test/unit/markdown-twins.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TwinStore } from '../../lib/runtime/build-cache.ts';
import type { TwinDoc } from '../../lib/transform/twin.ts';

test('a twin is kept for its doc object and its site root, and read back from the store', (t) => {
  const twins = new TwinStore(0);
  t.after(() => twins.close());
  const doc = (name: string) => ({ route: `/docs/${name}/` }) as unknown as TwinDoc;
  const first = doc('first');
  const kept = twins.keep(first, '/', '# First\n');
  twins.keep(doc('second'), '/', '# Second\n');
  assert.equal(twins.get(first, '/'), kept);
  assert.equal(twins.get(first, '/')?.text(), '# First\n');
  assert.equal(twins.get(first, 'https://elsewhere.example/'), undefined, 'a twin is kept for its site root');
  assert.equal(twins.get(doc('first'), '/'), undefined, 'another object of the same doc (an edited doc) has none');
});
