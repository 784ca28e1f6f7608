// `npm start` keeps each doc's markdown twin in a file between builds (TwinStore, lib/runtime/build-cache.ts):
// after a build, the twins it asked for are moved to a new file when the old one is mostly dead
// bytes (replaced twins, twins of docs gone), and read back as kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TwinStore } from '../../lib/runtime/build-cache.ts';
import type { TwinDoc } from '../../lib/transform/twin.ts';

test('the twins a build asked for, once or several times, read back after the store moved them to a new file', (t) => {
  const twins = new TwinStore(0);
  t.after(() => twins.close());
  const doc = (name: string) => ({ route: `/docs/${name}/` }) as unknown as TwinDoc;
  const [first, second, gone] = [doc('first'), doc('second'), doc('gone')];
  twins.keep(first, '/', '# First\n');
  twins.keep(second, '/', '# Second\n');
  twins.keep(gone, '/', `# Gone\n\n${'A long body. '.repeat(50)}\n`);
  twins.compact();

  // The next build: the first twin asked for twice (its content and its version), the second
  // doc edited (a new object, a new twin), the third doc deleted. Dead bytes now outweigh the live ones.
  assert.equal(twins.get(first, '/')?.version, twins.get(first, '/')?.version);
  const edited = doc('second');
  twins.keep(edited, '/', '# Second, edited\n');
  twins.compact();
  assert.equal(twins.get(first, '/')?.text(), '# First\n');
  assert.equal(twins.get(edited, '/')?.text(), '# Second, edited\n');
  assert.equal(twins.get(first, 'https://elsewhere.example/'), undefined, 'a twin is kept for its site root');
});
