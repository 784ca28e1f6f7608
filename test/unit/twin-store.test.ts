// `npm start` keeps each doc's markdown twin in a file between builds (TwinStore, lib/runtime/build-cache.ts):
// after a build, the twins its twin files hold are moved to a new file when the old one is mostly
// dead bytes (replaced twins, twins of docs gone), and read back as kept; a twin left behind is
// found no more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AssetCollector } from '../../lib/assets/bundle.ts';
import { markdownTwins, twinOrder } from '../../lib/assemble/llms.ts';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { loadSite } from '../../lib/load/site.ts';
import type { DocPage } from '../../lib/model.ts';
import { TwinStore } from '../../lib/runtime/build-cache.ts';
import { DirectRuntime } from '../../lib/runtime/direct.ts';
import { transformSite } from '../../lib/transform/site.ts';
import { ROOT } from '../helpers/site.ts';

const diagnostics = new Diagnostics();
const loaded = loadSite(ROOT, diagnostics, { parsed: (path, parse) => parse(path) });
const { docs } = await transformSite(loaded, new DirectRuntime({ root: ROOT, outDir: '/nonexistent', helperThread: false }), new AssetCollector(loaded.config.baseUrl, ROOT), diagnostics);
const context = { resolveDocFile: (absPath: string) => loaded.routeByFile.get(absPath), docsDir: loaded.content.docsDir, imageUrl: () => undefined, api: loaded.api };

test('the twins a build\'s files hold read back after the store moved them to a new file; one left behind is found no more', (t) => {
  const twins = new TwinStore(0);
  t.after(() => twins.close());
  const root = `${loaded.config.url}${loaded.config.baseUrl}`;
  // As the write stage asks: every file's version; after the build, the store compacts.
  const build = (of: DocPage[]) => {
    for (const file of markdownTwins(loaded.config, twinOrder(of), context, twins, 7)) file.version?.();
    twins.compact();
  };
  const [first, second] = docs;
  assert.ok(first && second);
  // A first build where every doc but the first has a long body: the next build, with the docs as
  // they are (new objects but the first), leaves those twins dead, more bytes than the live ones.
  const long = (doc: DocPage) => ({ ...doc, source: { ...doc.source, body: `${doc.source.body}\n\n${'A long paragraph. '.repeat(400)}\n` } });
  const longSecond = long(second);
  build(docs.map((doc) => (doc === first ? doc : doc === second ? longSecond : long(doc))));
  const firstText = twins.get(first, root)?.text();
  assert.match(String(firstText), /\S/);
  assert.match(String(twins.get(longSecond, root)?.text()), /A long paragraph\./);
  build(docs);
  assert.equal(twins.get(first, root)?.text(), firstText, 'the twin kept through both builds reads back');
  assert.equal(twins.get(second, root)?.text(), markdownTwins(loaded.config, twinOrder([second]), context, undefined, 7).find((file) => file.path.endsWith('index.md'))?.content());
  assert.equal(twins.get(longSecond, root), undefined, 'the replaced twin was left behind');
  assert.equal(twins.get(first, 'https://elsewhere.example/'), undefined, 'a twin is kept for its site root');
});
