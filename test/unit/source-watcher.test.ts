// npm start's watcher (lib/dev/source-watcher.ts): it reports the paths that change under the
// source folders, follows folders that come and go, and holds one system watch a folder, not one a
// file (at 100,000 docs a watch a file was ~770 MB and near the system's limit).
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { SourceWatcher } from '../../lib/dev/source-watcher.ts';
import { testDirs } from '../helpers/site.ts';

/** A watcher of `sources`, closed after the test, with the paths it reported and a wait for a path's report. */
function watching(t: TestContext, sources: string[]) {
  const reported: string[] = [];
  const troubles: string[] = [];
  const waits: { path: string; resolve: () => void }[] = [];
  const watcher = new SourceWatcher(sources, (path) => {
    reported.push(path);
    for (const wait of waits.splice(0)) {
      if (wait.path === path) wait.resolve();
      else waits.push(wait);
    }
  }, (message) => troubles.push(message));
  t.after(() => watcher.close());
  /** Does `act`, and resolves once `path` is reported after it. */
  const reportedAfter = (path: string, act: () => void) => {
    const seen = new Promise<void>((resolve) => waits.push({ path, resolve }));
    act();
    return seen;
  };
  return { watcher, reported, troubles, reportedAfter };
}

/** The system watches this process holds (Linux: the watches listed for its inotify descriptors). */
function systemWatches(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let link: string;
    try {
      link = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (link === 'anon_inode:inotify') count += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return count;
}

/** A site folder with `content/docs/<section>/<n>.md`, and beside content/ a file that is not a source. */
function site(dir: string, sections: number, perSection: number): string {
  for (let section = 0; section < sections; section++) {
    mkdirSync(join(dir, 'content/docs', `s${section}`), { recursive: true });
    for (let page = 0; page < perSection; page++) writeFileSync(join(dir, 'content/docs', `s${section}`, `${page}.md`), `# Page ${page}\n`);
  }
  writeFileSync(join(dir, 'notes.txt'), 'not a source\n');
  return join(dir, 'content');
}

test('an edited doc is reported by its path; a file beside the source folders is not', async (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const content = site(dir as string, 2, 3);
  const { reported, troubles, reportedAfter } = watching(t, [content]);
  const doc = join(content, 'docs/s1/2.md');
  appendFileSync(join(dir as string, 'notes.txt'), 'edited\n');
  await reportedAfter(doc, () => appendFileSync(doc, 'Edited.\n'));
  // The site folder's own file changed first: had it been reported, it would be there by now.
  assert.deepEqual([...new Set(reported)], [doc]);
  assert.deepEqual(troubles, []);
});

test('one system watch a folder, whatever the number of files; none once closed', { skip: process.platform !== 'linux' }, (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const before = systemWatches();
  // 4 folders (content, docs, two sections) and 200 files; the site folder is watched for content/.
  const content = site(dir as string, 2, 100);
  const { watcher } = watching(t, [content]);
  assert.equal(systemWatches() - before, 5);
  watcher.close();
  assert.equal(systemWatches() - before, 0);
});

test('a folder made under a source is reported, and what is saved in it later is too', async (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const content = site(dir as string, 1, 1);
  const { reportedAfter } = watching(t, [content]);
  const folder = join(content, 'docs/new/deeper');
  await reportedAfter(join(content, 'docs/new'), () => mkdirSync(folder, { recursive: true }));
  const doc = join(folder, 'page.md');
  await reportedAfter(doc, () => writeFileSync(doc, '# New\n'));
});

test('a source folder removed and made again (a branch switch) is reported and watched again', async (t) => {
  const [dir, away] = testDirs(t, 'pagewright-watch-', 'pagewright-watch-away-');
  const content = site(dir as string, 1, 2);
  const { reportedAfter } = watching(t, [content]);
  await reportedAfter(content, () => renameSync(content, join(away as string, 'content')));
  await reportedAfter(content, () => site(dir as string, 1, 2));
  const doc = join(content, 'docs/s0/1.md');
  await reportedAfter(doc, () => appendFileSync(doc, 'Edited after the switch.\n'));
});

test('a folder moved aside and replaced by a new one at its path: the new one is watched', async (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const content = site(dir as string, 1, 2);
  const { reportedAfter } = watching(t, [content]);
  const section = join(content, 'docs/s0');
  // Moved inside the watched tree: the old folder's watch follows it, and must not stand for the new one.
  await reportedAfter(section, () => {
    renameSync(section, join(content, 'docs/s0-old'));
    mkdirSync(section);
  });
  // The new folder is reported once made (or its making is seen with the move): wait for a save in it.
  const doc = join(section, 'new.md');
  await reportedAfter(doc, () => writeFileSync(doc, '# New\n'));
  const moved = join(content, 'docs/s0-old/0.md');
  await reportedAfter(moved, () => appendFileSync(moved, 'Edited where it went.\n'));
});

test('a source that is a file (a Docusaurus config) is reported when it is made, edited or removed', async (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const config = join(dir as string, 'sidebars.js');
  const { reportedAfter } = watching(t, [config, join(dir as string, 'docs')]);
  await reportedAfter(config, () => writeFileSync(config, 'export default {};\n'));
  await reportedAfter(config, () => rmSync(config));
});

test('a source folder that is a link (content/ kept elsewhere) is watched where it leads', async (t) => {
  const [dir, elsewhere] = testDirs(t, 'pagewright-watch-', 'pagewright-watch-elsewhere-');
  const real = site(elsewhere as string, 1, 1);
  const content = join(dir as string, 'content');
  symlinkSync(real, content, 'dir');
  const { reportedAfter } = watching(t, [content]);
  const doc = join(content, 'docs/s0/0.md');
  await reportedAfter(doc, () => appendFileSync(join(real, 'docs/s0/0.md'), 'Edited through the link.\n'));
});

test('an editor\'s atomic save (a new file renamed over the doc) and a doc deleted are reported by the doc\'s path', async (t) => {
  const [dir] = testDirs(t, 'pagewright-watch-');
  const content = site(dir as string, 1, 2);
  const { reportedAfter } = watching(t, [content]);
  const doc = join(content, 'docs/s0/0.md');
  await reportedAfter(doc, () => {
    writeFileSync(`${doc}.swp`, '# Saved by renaming\n');
    renameSync(`${doc}.swp`, doc);
  });
  const other = join(content, 'docs/s0/1.md');
  await reportedAfter(other, () => rmSync(other));
});
