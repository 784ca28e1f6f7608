// A production build keeps each doc's markdown body and HTML in a spill file until a page reads
// them (lib/runtime/spill.ts): what it reads back is what it put, and the file goes with the build,
// whether the build succeeds or fails, in one thread or two.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { SharedTags, SpillFile, spilledRef, withSpilled, type SpilledText } from '../../lib/runtime/spill.ts';
import { ROOT, tempDir } from '../helpers/site.ts';

test('a spilled text reads back as it was put, UTF-8 and empty texts included', () => {
  const spill = SpillFile.create();
  after(() => spill.close());
  const texts = ['<h1>Tune</h1>', '', 'Größe – 画像 – 🙂', 'x'.repeat(100_000)];
  const refs = texts.map((text) => spill.keep(text));
  assert.deepEqual(refs.map((ref) => ref.file.get(ref.at)).reverse(), [...texts].reverse());
});

test('an object with spilled fields reads them back on each use, keeps its own fields, and copies without them', () => {
  const spill = SpillFile.create();
  after(() => spill.close());
  const doc = withSpilled({ title: 'Tune', html: '', toc: [] as { id: string }[] }, { html: spill.keep('<p>Body</p>'), toc: spill.keepFields({ toc: [{ id: 'a' }] }) });
  assert.equal(doc.html, '<p>Body</p>');
  assert.deepEqual(doc.toc, [{ id: 'a' }]);
  assert.notEqual(doc.toc, doc.toc, 'parsed anew on each read, not held');
  assert.deepEqual(Object.keys(doc), ['title']);
  assert.deepEqual(spilledRef(doc, 'html')?.at, { offset: 0, length: '<p>Body</p>'.length });
  assert.equal(spilledRef({ html: 'x' }, 'html'), undefined);
});

test('fields kept together read back each its own value', () => {
  const spill = SpillFile.create();
  after(() => spill.close());
  const fields = spill.keepFields({ toc: [{ id: 'a' }], links: [], anchors: ['a', 'b'] });
  const doc = withSpilled({ route: '/docs/a/', toc: [] as { id: string }[], links: [] as string[], anchors: [] as string[] }, { toc: fields, links: fields, anchors: fields });
  assert.deepEqual([doc.toc, doc.links, doc.anchors], [[{ id: 'a' }], [], ['a', 'b']]);
});

test('a tag kept shared is the first one given equal to it', () => {
  const tags = new SharedTags();
  const first = { label: 'Flux', slug: 'flux', route: '/docs/tags/flux/' };
  assert.equal(tags.of([first])[0], first);
  assert.equal(tags.of([{ ...first }])[0], first);
  assert.notEqual(tags.of([{ ...first, label: 'LoRA' }])[0], first);
});

/** Builds with the system's temporary folder pointed at a fresh one, and lists what is left in it. */
async function leftInTemp(build: () => Promise<unknown>): Promise<string[]> {
  const temp = tempDir('pagewright-spill-tmp-');
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    await build().catch(() => undefined);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    after(() => rmSync(temp, { recursive: true, force: true }));
  }
  // Only the spill folders: the TypeScript loader of a test run keeps its own cache there.
  return readdirSync(temp).filter((name) => name.startsWith('pagewright-spill-'));
}

for (const helperThread of [false, true]) {
  const how = helperThread ? 'with the helper thread' : 'in one thread';
  test(`a build ${how} leaves no spill file behind, and its pages show the spilled HTML`, async () => {
    const site = tempDir('pagewright-spill-site-');
    after(() => rmSync(site, { recursive: true, force: true }));
    writeCorpusSite(ROOT, site, 30);
    const out = tempDir();
    after(() => rmSync(out, { recursive: true, force: true }));
    const outDir = join(out, 'dist');
    const used: string[] = [];
    const left = await leftInTemp(async () => {
      await buildSite({ root: ROOT, siteDir: site, outDir, helperThread });
      used.push(...readdirSync(outDir));
    });
    assert.deepEqual(left, []);
    assert.ok(used.includes('docs'));
    const page = readFileSync(join(outDir, 'docs/changes/index.html'), 'utf8');
    assert.match(page, /The generated site was made\./);
  });

  test(`a failed build ${how} leaves no spill file behind`, async () => {
    const site = tempDir('pagewright-spill-site-');
    after(() => rmSync(site, { recursive: true, force: true }));
    writeCorpusSite(ROOT, site, 30);
    const docs = join(site, 'content/docs');
    const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('page-')).sort();
    // The last page (the helper's, with one) fails in transform, after the spill file is made.
    const last = join(docs, pages.at(-1) ?? '');
    writeFileSync(last, `${readFileSync(last, 'utf8')}\n:::nonsense\nBody.\n:::\n`);
    const out = tempDir();
    after(() => rmSync(out, { recursive: true, force: true }));
    const outDir = join(out, 'dist');
    mkdirSync(outDir);
    const left = await leftInTemp(() => buildSite({ root: ROOT, siteDir: site, outDir, helperThread }));
    assert.deepEqual(left, []);
  });
}

test('texts read back across blocks: pending, written, longer than a block, and from another reader after a flush', () => {
  const spill = SpillFile.create();
  after(() => spill.close());
  // Over three blocks of 1 MB in texts of every size, one longer than a block, multibyte characters cut at block ends.
  const texts = Array.from({ length: 400 }, (_, index) => `${index}:${'é画'.repeat((index * 37) % 5000)}`);
  texts.splice(200, 0, 'x'.repeat(1.5 * 2 ** 20));
  const refs = texts.map((text) => spill.put(text));
  // Out of order, and each twice.
  for (const index of [399, 0, 200, 201, 199, 5, 399]) assert.equal(spill.get(refs[index] as SpilledText), texts[index]);
  assert.deepEqual(refs.map((ref) => spill.get(ref)), texts);
  spill.flush();
  const reader = SpillFile.at(spill.path, false);
  after(() => reader.close());
  assert.deepEqual([...refs].reverse().map((ref) => reader.get(ref)), [...texts].reverse());
});

test('a build removes the spill folders of killed builds, and keeps those of running ones', async () => {
  const temp = tempDir('pagewright-spill-tmp-');
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    // A process that has ended: its id names a folder nobody will remove.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const killed = join(temp, `pagewright-spill-${ended.stdout}-abc123`);
    const running = join(temp, `pagewright-spill-${process.ppid}-def456`);
    for (const folder of [killed, running]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'texts'), 'left over');
    }
    const spill = SpillFile.create();
    spill.close();
    assert.deepEqual(readdirSync(temp).filter((name) => name.startsWith('pagewright-spill-')), [`pagewright-spill-${process.ppid}-def456`]);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(temp, { recursive: true, force: true });
  }
});
