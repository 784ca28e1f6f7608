// `npm start`'s write stage (writeChanges, lib/write/site-writer.ts) writes what changed and
// removes what is gone. A save's list holds mostly the last call's file objects at the same
// places, which it passes over; whatever moved, the folder must hold exactly the list's files.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeChanges, type VersionedFile, type WrittenFiles } from '../../lib/write/site-writer.ts';
import { snapshot } from '../helpers/output-files.ts';
import { testDirs } from '../helpers/site.ts';

/** Every file of a folder: its path → its text. */
const folder = (dir: string) => Object.fromEntries([...snapshot(dir)].map(([path, content]) => [path, content.toString('utf8')]));

const file = (path: string, text: string): VersionedFile => ({ path, version: text, content: () => text });

test('a save writes what changed and removes what is gone, also where files moved between places of a list as long', (t) => {
  const [out] = testDirs(t, 'pagewright-write-');
  const outDir = join(out as string, 'dist');
  let written: WrittenFiles | undefined;
  const save = (files: VersionedFile[]) => {
    written = writeChanges(outDir, files, written).written;
    assert.deepEqual(folder(outDir), Object.fromEntries(files.map((each) => [each.path, each.version])));
  };
  const [a, b, c] = [file('a/index.html', 'A'), file('b/index.html', 'B'), file('c/index.md', 'C')];
  save([a, b, c]);
  const inode = statSync(join(outDir, 'a/index.html')).ino;
  save([a, b, c]);
  save([a, file('b/index.html', 'B edited'), c]);
  assert.equal(statSync(join(outDir, 'a/index.html')).ino, inode, 'a file the list kept is not written again');
  // A doc renamed: its place holds a file at another path; the old path is gone.
  save([a, file('d/index.html', 'B renamed'), c]);
  // Two files that swapped paths, and a path that moved to another place.
  save([file('c/index.md', 'C at a'), file('d/index.html', 'D'), file('a/index.html', 'A at c')]);
  // A path the list held twice, then once: the file stays.
  const twice = file('e/index.md', 'E');
  save([twice, file('d/index.html', 'D'), file('e/index.md', 'E')]);
  save([twice, file('d/index.html', 'D'), file('f/index.md', 'F')]);
  // A list of another length.
  save([file('g/index.html', 'G')]);
});
