// `npm start` builds a save's search index in a helper thread (lib/runtime/search-updates.ts): the
// newest wanted index is the one built and announced, and a failed job is reported without
// stopping the updates that follow; the folders the jobs used are removed.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import type { SearchSection } from '../../lib/assets/search/sections.ts';
import { SearchUpdates, type ReadyIndex, type WantedIndex } from '../../lib/runtime/search-updates.ts';
import { SpillFile } from '../../lib/runtime/spill.ts';

const section: SearchSection = { title: 'Fine-tuning', heading: '', page: '', text: 'Train a model on your own images.', tags: '', pageTitle: 'Fine-tuning', url: '/docs/fine-tuning/' };

function wanted(entryName: string, inputJson = JSON.stringify({ sections: [section], synonyms: {} })): WantedIndex {
  return { entryName, job: () => ({ inputJson, entryName, folderUrl: '/assets/search/' }) };
}

test('a failed index job is reported, and the next wanted index is still built and announced', async (t) => {
  let queue = Promise.resolve();
  /** Each ready index, its files read while it is handed over (their folder goes after). */
  const ready: (Omit<ReadyIndex, 'files'> & { files: [string, string][] })[] = [];
  let failed: (error: unknown) => void = () => undefined;
  const failure = new Promise<unknown>((resolve) => { failed = resolve; });
  let announced: () => void = () => undefined;
  const upToDate = new Promise<void>((resolve) => { announced = resolve; });
  const updates = new SearchUpdates((task) => {
    queue = queue.then(task);
  }, (index) => {
    const file = SpillFile.at(index.filesIn, false);
    try {
      ready.push({ ...index, files: index.files.map(([name, at]) => [name, file.get(at)]) });
    } finally {
      file.close();
    }
  }, () => announced(), (error) => failed(error));
  t.after(() => updates.stop());

  updates.want(wanted('search-index.broken.json', '{not JSON'));
  assert.match(String(await failure), /JSON/);
  updates.want(wanted('search-index.older.json'));
  // A newer save wants another index before the first one is built: both are built, the newest last, and announced once.
  updates.want(wanted('search-index.newer.json'));
  await upToDate;
  await queue;
  assert.deepEqual(ready.map((index) => index.entryName).at(-1), 'search-index.newer.json');
  const newest = ready.at(-1);
  assert.ok(newest?.files.some(([name, text]) => name === 'search-index.newer.json' && text.includes('"documentCount":1')), JSON.stringify(newest?.files.map(([name]) => name)));
  assert.equal(newest?.index.url, '/assets/search/search-index.newer.json');
});

test('the folder each index job used is removed, though the builds do not wait for it', async () => {
  const jobFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`pagewright-spill-${process.pid}-`));
  let queue = Promise.resolve();
  let announced: () => void = () => undefined;
  const upToDate = new Promise<void>((resolve) => { announced = resolve; });
  const kept: string[] = [];
  const updates = new SearchUpdates((task) => {
    queue = queue.then(task);
  }, (index) => kept.push(index.entryName), () => announced(), (error) => assert.fail(String(error)));
  try {
    // A first build's index, built while the build goes on, then a save's.
    await updates.buildNow(wanted('search-index.first.json'), (index) => kept.push(index.entryName));
    updates.want(wanted('search-index.saved.json'));
    await upToDate;
    await queue;
  } finally {
    // Ends the helper thread and waits for the folders' removal.
    await updates.stop();
  }
  assert.deepEqual(kept, ['search-index.first.json', 'search-index.saved.json']);
  assert.deepEqual(jobFolders(), []);
});
