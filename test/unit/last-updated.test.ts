// lastUpdatedDates: commit author dates from one `git log`, modification times for anything git does
// not know. Builds a small repository with fixed dates in a temporary folder; needs the git binary.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { commitDates, lastUpdatedDates, readCommitDates } from '../../lib/load/last-updated.ts';

// Run from a git hook (GIT_DIR, GIT_INDEX_FILE, … set), git would act on the outer repository
// instead of the temporary ones, both here and inside lastUpdatedDates.
for (const name of Object.keys(process.env)) if (name.startsWith('GIT_')) delete process.env[name];

const D1 = '2024-03-01T12:00:00.000Z';
const D2 = '2024-04-01T12:00:00.000Z';
const D3_AUTHOR = '2024-05-01T12:00:00.000Z';
const D3_COMMITTER = '2024-05-02T12:00:00.000Z'; // as after a rebase: must not be the date shown
const MTIME = '2023-01-02T03:04:05.000Z';
const EDITED = '2025-06-07T08:09:10.000Z';

const temp = mkdtempSync(join(tmpdir(), 'last-updated-'));
after(() => rmSync(temp, { recursive: true, force: true }));

/** git in `cwd`, isolated from the user's and the system's configuration (signing, hooks, …). */
function git(cwd: string, args: string[], dates?: { author: string; committer: string }): void {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_GLOBAL: devNull, GIT_CONFIG_NOSYSTEM: '1' };
  if (dates) Object.assign(env, { GIT_AUTHOR_DATE: dates.author, GIT_COMMITTER_DATE: dates.committer });
  try {
    execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    assert.fail(`git ${args.join(' ')} failed (this test needs the git binary): ${String(error)}`);
  }
}

function write(path: string, text: string, mtime?: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mtime) utimesSync(path, new Date(mtime), new Date(mtime));
}

/** Times as ISO strings, so a failure shows readable values. */
function iso(dates: Map<string, number>): Record<string, string> {
  return Object.fromEntries([...dates].map(([path, time]) => [path, new Date(time).toISOString()]));
}

// The repository: a.md and old.md in commit 1; b.md and "sub dir/ü note.md" in commit 2; commit 3
// edits a.md and renames old.md to new.md. Then b.md is edited without committing, and c.md is new.
const repo = join(temp, 'repo');
const a = join(repo, 'a.md');
const b = join(repo, 'b.md');
const c = join(repo, 'c.md');
const oldPath = join(repo, 'old.md');
const renamed = join(repo, 'new.md');
const subDir = join(repo, 'sub dir');
const sub = join(subDir, 'ü note.md');
{
  mkdirSync(repo);
  git(repo, ['init', '-q']);
  git(repo, ['config', 'user.name', 'Test Author']);
  git(repo, ['config', 'user.email', 'author@example.com']);
  write(a, '# A\n');
  write(oldPath, '# Old\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'one'], { author: D1, committer: D1 });
  write(b, '# B\n');
  write(sub, '# Sub\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'two'], { author: D2, committer: D2 });
  write(a, '# A, edited\n');
  git(repo, ['mv', 'old.md', 'new.md']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'three'], { author: D3_AUTHOR, committer: D3_COMMITTER });
  write(b, '# B, edited but not committed\n', EDITED);
  write(c, '# C\n', MTIME);
}

test('committed files get the author date of their newest commit, untracked ones their mtime', () => {
  assert.deepEqual(iso(lastUpdatedDates(repo, [a, b, sub, renamed, c])), {
    [a]: D3_AUTHOR, // modified by the third commit: its author date, not its committer date
    [b]: D2, // the uncommitted edit does not count
    [sub]: D2, // space and non-ASCII characters in the path
    [renamed]: D3_AUTHOR, // the rename commit, not the date old.md was created
    [c]: MTIME,
  });
});

test('the non-blocking read that the build uses gives the same dates, and nothing outside git', async () => {
  const read = await readCommitDates(repo);
  assert.deepEqual([...read].map(([path, date]) => [path, date.toISOString()]), [...commitDates(repo)].map(([path, date]) => [path, date.toISOString()]));
  assert.equal(read.get('a.md')?.toISOString(), D3_AUTHOR);
  assert.equal((await readCommitDates(temp)).size, 0);
  assert.equal((await readCommitDates(join(temp, 'missing-folder'))).size, 0);
});

test('root may be a subdirectory of the repository', () => {
  const fresh = join(subDir, 'fresh.md');
  write(fresh, '# Fresh\n', MTIME);
  try {
    assert.deepEqual(iso(lastUpdatedDates(subDir, [sub, fresh])), { [sub]: D2, [fresh]: MTIME });
  } finally {
    rmSync(fresh);
  }
});

test('a folder that is not a git repository: modification times, build time for missing files', () => {
  const plain = join(temp, 'plain');
  const x = join(plain, 'x.md');
  const y = join(plain, 'y z.md');
  const missing = join(plain, 'missing.md');
  write(x, '# X\n', MTIME);
  write(y, '# Y\n', EDITED);
  // Keep git from finding a repository in a folder above the temporary one.
  process.env.GIT_CEILING_DIRECTORIES = temp;
  try {
    const start = Date.now();
    const dates = lastUpdatedDates(plain, [x, y, missing]);
    const end = Date.now();
    assert.equal(new Date(dates.get(x) ?? Number.NaN).toISOString(), MTIME);
    assert.equal(new Date(dates.get(y) ?? Number.NaN).toISOString(), EDITED);
    const built = dates.get(missing) ?? Number.NaN;
    assert.ok(built >= start && built <= end, `missing file: expected the build time, got ${built}`);
  } finally {
    delete process.env.GIT_CEILING_DIRECTORIES;
  }
});

test('no git binary at all: every file, committed or not, gets its modification time', () => {
  utimesSync(a, new Date(MTIME), new Date(MTIME));
  const path = process.env.PATH;
  process.env.PATH = join(temp, 'no-such-bin'); // spawnSync('git') now fails with ENOENT
  try {
    assert.deepEqual(iso(lastUpdatedDates(repo, [a, b, c])), { [a]: MTIME, [b]: EDITED, [c]: MTIME });
  } finally {
    process.env.PATH = path;
  }
});
