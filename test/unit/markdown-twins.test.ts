// The markdown twins and /llms-full.txt of a production build: each part of /llms-full.txt follows
// its docs' twins in the output table, so a twin is held only from its index.md to its part (memory
// on large sites), and the files are the same in whatever order they are written. With the twins
// kept between builds (`npm start`), the files' versions follow their texts without reading them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AssetCollector } from '../../lib/assets/bundle.ts';
import { markdownTwinGroups, markdownTwins, twinOrder, type TwinCache } from '../../lib/assemble/llms.ts';
import type { FileOutput } from '../../lib/assemble/output-table.ts';
import { Diagnostics } from '../../lib/diagnostics.ts';
import { loadSite } from '../../lib/load/site.ts';
import type { DocPage } from '../../lib/model.ts';
import { BuildCache, TwinStore } from '../../lib/runtime/build-cache.ts';
import { DirectRuntime } from '../../lib/runtime/direct.ts';
import { notePatched } from '../../lib/runtime/same-items.ts';
import { transformSite } from '../../lib/transform/site.ts';
import { ROOT } from '../helpers/site.ts';

const diagnostics = new Diagnostics();
const loaded = loadSite(ROOT, diagnostics, { parsed: (path, parse) => parse(path) });
const { docs } = await transformSite(loaded, new DirectRuntime({ root: ROOT, outDir: '/nonexistent', helperThread: false }), new AssetCollector(loaded.config.baseUrl, ROOT), diagnostics);
const context = { resolveDocFile: (absPath: string) => loaded.routeByFile.get(absPath), docsDir: loaded.content.docsDir, imageUrl: () => undefined, api: loaded.api };
const PART_DOCS = 7;

function written(files: FileOutput[]): Map<string, string> {
  const contents = new Map<string, string>();
  for (const file of files) {
    const content = file.content();
    contents.set(file.path, typeof content === 'string' ? content : content instanceof Uint8Array ? Buffer.from(content).toString() : [...content].join(''));
  }
  return contents;
}

test('each part of /llms-full.txt comes right after the twins of its docs', () => {
  const files = markdownTwins(loaded.config, twinOrder(docs), context, undefined, PART_DOCS);
  const contents = written(files);
  const parts = files.filter((file) => /^llms-full-\d+\.txt$/.test(file.path));
  assert.ok(parts.length > 3, `${parts.length} parts`);
  for (const part of parts) {
    const sources = [...(contents.get(part.path) ?? '').matchAll(/^Source: (\S+)$/gm)].map((match) => new URL(match[1] ?? '').pathname);
    const at = files.indexOf(part);
    const before = files.slice(at - sources.length, at).map((file) => `/${file.path.replace(/index\.md$/, '')}`);
    assert.deepEqual(before, sources, part.path);
  }
});

test('the twins and /llms-full.txt are the same written in any order, with or without the twins kept between builds', () => {
  const inOrder = written(markdownTwins(loaded.config, twinOrder(docs), context, undefined, PART_DOCS));
  const reversed = written(markdownTwins(loaded.config, twinOrder(docs), context, undefined, PART_DOCS).reverse());
  const kept = written(markdownTwins(loaded.config, twinOrder(docs), context, new BuildCache().twins, PART_DOCS));
  assert.ok(inOrder.size > docs.length);
  for (const other of [reversed, kept]) {
    assert.deepEqual([...other.keys()].sort(), [...inOrder.keys()].sort());
    for (const [path, content] of inOrder) assert.equal(other.get(path), content, path);
  }
});

test('kept between builds, a twin and its part of /llms-full.txt change version when the twin changes, and versions read no twin back', () => {
  const twins = new BuildCache().twins;
  let reads = 0;
  const counted: TwinCache = {
    get: (doc, siteRoot) => {
      const twin = twins.get(doc, siteRoot);
      return twin && { version: twin.version, text: () => (reads += 1, twin.text()) };
    },
    keep: (doc, siteRoot, text) => twins.keep(doc, siteRoot, text),
    lastFiles: undefined,
  };
  const versions = (of: DocPage[]) => new Map(markdownTwins(loaded.config, twinOrder(of), context, counted, PART_DOCS).map((file) => [file.path, file.version?.()]));
  const first = versions(docs);
  const unversioned = [...first].filter(([path, version]) => /(^|\/)index\.md$|^llms-full-\d+\.txt$/.test(path) && typeof version !== 'string');
  assert.deepEqual(unversioned, [], 'every twin and part has a version');
  reads = 0;
  assert.deepEqual(versions(docs), first);
  assert.equal(reads, 0, 'no twin read back for its version');
  // The cache makes a new doc object whenever a doc's source changes.
  const at = 10;
  const edited = docs.map((doc, index) => index === at ? { ...doc, source: { ...doc.source, body: `${doc.source.body}\n\nOne more paragraph.\n` } } : doc);
  const changed = [...versions(edited)].filter(([path, version]) => first.get(path) !== version).map(([path]) => path);
  const doc = docs[at];
  assert.ok(doc);
  const twinPath = `${doc.route.slice(1)}index.md`;
  assert.ok(changed.includes(twinPath), `${twinPath} among ${changed.join(', ')}`);
  assert.equal(changed.length, 2, `the twin and its part: ${changed.join(', ')}`);
  assert.ok(changed.some((path) => /^llms-full-\d+\.txt$/.test(path)));
});

test('kept between builds, the files of a part whose docs are the same objects are kept, the others made anew', () => {
  const twins = new BuildCache().twins;
  const groups = (of: DocPage[]) => markdownTwinGroups(loaded.config, twinOrder(of), context, twins, PART_DOCS);
  const first = groups(docs);
  const at = 10;
  const edited = docs.map((doc, index) => index === at ? { ...doc, source: { ...doc.source, body: `${doc.source.body}\n\nOne more paragraph.\n` } } : doc);
  const next = groups(edited);
  assert.equal(next.length, first.length);
  const remade = next.flatMap((files, index) => files.some((file, place) => file !== first[index]?.[place]) ? [index] : []);
  // The edited doc's part, and the last group, whose list of the parts is made on every build.
  assert.deepEqual(remade, [Math.floor(at / PART_DOCS), next.length - 1]);
  const doc = edited[at];
  assert.ok(doc);
  const twin = next.flat().find((file) => file.path === `${doc.route.slice(1)}index.md`);
  assert.match(String(twin?.content()), /One more paragraph\.\n$/);
});

test('kept between builds, where the listed docs are noted as patched at some places, the parts holding those are made anew and only they', () => {
  const twins = new BuildCache().twins;
  const order = twinOrder(docs);
  const groups = (listed: readonly DocPage[]) => markdownTwinGroups(loaded.config, { listed, unlisted: order.unlisted }, context, twins, PART_DOCS);
  const first = groups(order.listed);
  const remadeAfter = (before: FileOutput[][], at: number[]) => {
    const listed = order.listed.slice();
    for (const index of at) listed[index] = { ...listed[index] as DocPage, source: { ...(listed[index] as DocPage).source, body: `${(listed[index] as DocPage).source.body}\n\nEdited.\n` } };
    notePatched(listed, order.listed, at);
    const next = groups(listed);
    order.listed = listed;
    return { next, remade: next.flatMap((files, index) => files.some((file, place) => file !== before[index]?.[place]) ? [index] : []) };
  };
  // The first doc of a part, the last of another and one inside a third: those parts, and the last group (the list of parts).
  const { next, remade } = remadeAfter(first, [PART_DOCS, 4 * PART_DOCS - 1, 5 * PART_DOCS + 2]);
  assert.deepEqual(remade, [1, 3, 5, next.length - 1]);
  // Noted as patched nowhere: every part kept.
  assert.deepEqual(remadeAfter(next, []).remade, [next.length - 1]);
});

test('kept with their files from build to build, the twins stay in the store as it moves them to new files', (t) => {
  const twins = new TwinStore(0);
  t.after(() => twins.close());
  // As the write stage asks: the version of each file that is not the last build's object at its
  // place (a file kept with its part keeps its entry). After the build, the store keeps the twins
  // of the files and moves them to a new file when most of the old one is dead.
  let last: FileOutput[] = [];
  const build = (of: DocPage[]) => {
    const files = markdownTwins(loaded.config, twinOrder(of), context, twins, PART_DOCS);
    files.forEach((file, index) => {
      if (file !== last[index]) file.version?.();
    });
    twins.compact();
    last = files;
    return files;
  };
  const fresh = (of: DocPage[]) => written(markdownTwins(loaded.config, twinOrder(of), context, undefined, PART_DOCS));
  const edit = (of: DocPage[], at: number) => of.map((doc, index) => index === at ? { ...doc, source: { ...doc.source, body: `${doc.source.body}\n\nOne more paragraph.\n` } } : doc);
  build(docs);
  build(docs);
  // The edited doc's part is made anew: its entries read the other docs' twins back from the store.
  const edited = edit(docs, 10);
  assert.deepEqual(written(build(edited)), fresh(edited));
  // Two thirds of the docs gone: most of the store is dead, and it moves the rest, the twins of the
  // parts kept (not asked for their versions) among them. Then a doc of a kept part edited: its
  // part's entries read those twins back from the new file.
  const fewer = edited.slice(0, Math.ceil(edited.length / 3));
  assert.ok(fewer.length > 2 * PART_DOCS, `${fewer.length} of ${edited.length} docs`);
  assert.deepEqual(written(build(fewer)), fresh(fewer));
  const again = edit(fewer, 2);
  assert.deepEqual(written(build(again)), fresh(again));
});
