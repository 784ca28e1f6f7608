// The build's assets (lib/assets/bundle.ts): each path once, however a file was added. `npm start`
// adds its search index's files as one kept list (addMade), whole while no other file has one of
// its paths, else file by file; either way the write stage gets every path once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AssetCollector, storedFile } from '../../lib/assets/bundle.ts';

const paths = (assets: AssetCollector) => assets.files.map((file) => file.path);

test('a kept list of files is added whole, once, and a file added after it with one of its paths is not added again', () => {
  const assets = new AssetCollector('/', '/nonexistent');
  assets.addAs('css', 'style.1234.css', 'body{}');
  const kept = ['a.json', 'b.json'].map((name) => storedFile('search', name, () => name));
  const keptPaths = new Set(kept.map((file) => file.path));
  assets.addMade(kept, keptPaths);
  assets.addMade(kept, keptPaths);
  assert.equal(assets.addStored('search', 'a.json', () => 'again'), '/assets/search/a.json');
  assets.addStored('search', 'c.json', () => 'c');
  assert.deepEqual(paths(assets), ['assets/css/style.1234.css', 'assets/search/c.json', 'assets/search/a.json', 'assets/search/b.json']);
  assert.deepEqual(assets.parts().map((part) => part.length), [2, 2], 'the files added one by one, then the kept list');
});

test('a kept list sharing a path with a file added before it is added file by file, each path once', () => {
  const assets = new AssetCollector('/', '/nonexistent');
  assets.addStored('search', 'a.json', () => 'made now');
  const kept = ['a.json', 'b.json'].map((name) => storedFile('search', name, () => name));
  assets.addMade(kept, new Set(kept.map((file) => file.path)));
  assert.deepEqual(paths(assets), ['assets/search/a.json', 'assets/search/b.json']);
  assert.equal(assets.parts().length, 1);
  // Without its paths known, a list is added file by file too.
  const other = new AssetCollector('/', '/nonexistent');
  other.addMade(kept);
  other.addMade(kept);
  assert.deepEqual(paths(other), ['assets/search/a.json', 'assets/search/b.json']);
});
