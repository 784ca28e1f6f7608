// `npm start` keeps texts (pages' HTML, search files) in a file between builds (lib/runtime/text-store.ts): what it
// reads back is what it put, also after the texts still used were moved to a new file once the
// old one was mostly texts of pages rendered since, and what another thread wrote into a file of
// its own and the store took whole; the old file goes then, the last one at exit.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SpillFile } from '../../lib/runtime/spill.ts';
import { TextStore, type StoredText } from '../../lib/runtime/text-store.ts';
import { ROOT } from '../helpers/site.ts';

/** This process's spill folders. */
const spillFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`pagewright-spill-${process.pid}-`));

test('page texts read back as put; a file mostly of replaced texts is compacted into a new one', (t) => {
  const texts = new TextStore(1000);
  t.after(() => texts.close());
  const pages = ['<h1>Größe</h1>', '', 'x'.repeat(300)].map((html) => ({ html, text: texts.put(html) }));
  const read = () => pages.map((page) => texts.get(page.text));
  assert.deepEqual(read(), pages.map((page) => page.html));
  const live = (): StoredText[] => pages.map((page) => page.text);

  texts.compact(live());
  assert.deepEqual(read(), pages.map((page) => page.html), 'not compacted: nothing dead yet');
  const [folder] = spillFolders();
  assert.ok(folder);

  // The third page rendered anew again and again: its old texts are dead bytes.
  for (let edit = 0; edit < 5; edit += 1) {
    const html = `${edit}`.repeat(300);
    pages[2] = { html, text: texts.put(html) };
  }
  const before = pages.map((page) => ({ ...page.text }));
  texts.compact(live());
  assert.deepEqual(read(), pages.map((page) => page.html));
  assert.notDeepEqual(pages.map((page) => ({ ...page.text })), before, 'the live texts moved');
  assert.deepEqual(pages.map((page) => page.text.offset), [0, Buffer.byteLength(pages[0]?.html ?? ''), Buffer.byteLength(pages[0]?.html ?? '')]);
  assert.equal(spillFolders().length, 1);
  assert.notEqual(spillFolders()[0], folder, 'the old file is removed');
});

test('texts another thread wrote into a file of its own read back as its texts once put in the store, after the store\'s own', (t) => {
  const texts = new TextStore(1000);
  t.after(() => texts.close());
  // Texts put before, the last ones still waiting in memory to be written.
  const own = ['<p>first</p>', 'y'.repeat(2000), 'Größe'].map((text) => ({ text, stored: texts.put(text) }));
  const folder = mkdtempSync(join(tmpdir(), 'pagewright-text-store-test-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  const theirs = SpillFile.at(join(folder, 'sections'), true);
  const sections = ['[{"title":"Über"}]', '[]', `[{"text":"${'z'.repeat(3000)}"}]`].map((text) => ({ text, at: theirs.put(text) }));
  theirs.flush();
  theirs.close();
  const put = texts.putFile(join(folder, 'sections'), sections.map(({ at }) => at));
  const read = () => [...own.map(({ stored }) => texts.get(stored)), ...put.map((stored) => texts.get(stored))];
  const all = [...own.map(({ text }) => text), ...sections.map(({ text }) => text)];
  assert.deepEqual(read(), all);
  assert.equal(put[0]?.offset, own.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0), 'after the texts put before');
  // Texts put after them follow them; a compaction keeps every live one. The store counts the
  // bytes it took as its own: with them, the dead text outweighs the live ones and the slack.
  const dead = texts.put('x'.repeat(8000));
  assert.equal(texts.get(dead).length, 8000);
  const after = texts.put('<p>after</p>');
  assert.equal(texts.get(after), '<p>after</p>');
  const live = [...own.map(({ stored }) => stored), ...put, after];
  texts.compact(live);
  assert.deepEqual(read(), all);
  assert.equal(texts.get(after), '<p>after</p>');
  assert.equal(live.at(-1)?.offset, all.reduce((sum, text) => sum + Buffer.byteLength(text), 0), 'compacted: the dead text is gone');
});

test('the file is removed when the process ends', () => {
  const script = `import { TextStore } from './lib/runtime/text-store.ts';
    const texts = new TextStore();
    texts.put('<p>kept</p>');
    const { readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    console.log(readdirSync(tmpdir()).filter((name) => name.startsWith('pagewright-spill-' + process.pid + '-')).length, process.pid);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  const [count, pid] = run.stdout.trim().split(' ');
  assert.equal(count, '1', 'a file while the process runs');
  assert.deepEqual(readdirSync(tmpdir()).filter((name) => name.startsWith(`pagewright-spill-${pid}-`)), []);
});
