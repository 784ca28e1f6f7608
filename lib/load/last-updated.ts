// Load: "Last updated" dates for pages, read from git history in a single child process.
import { execFile, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';

/**
 * The one git command, run with `cwd: root`:
 * - `%at` (author time), not `%ct` (committer time): rebasing a branch, cherry-picking or amending
 *   rewrites the committer time of every commit involved, which would mark pages whose text did not
 *   change as "updated today"; the author time stays the moment the change was written.
 * - `%x00` before it: in `-z` output a commit with files prints `<header>\0\n<path>\0<path>\0…`
 *   and one without files prints only `<header>\0`, so a header alone could not be told apart from
 *   a file called e.g. `1709294400`. A path is never empty, so an empty field marks "header next".
 * - `--relative` instead of a second `git rev-parse --show-toplevel`: git prints paths relative to
 *   the repository top level, which need not be `root`; run from `root`, `--relative` makes them
 *   relative to `root` and leaves out files outside it, so one process is enough.
 * - `-z`: paths are printed verbatim, NUL-terminated, so spaces, quotes and non-ASCII characters
 *   survive without `core.quotePath` unquoting.
 * - `--no-renames`: a renamed file is listed under its new path in the rename commit (as added), so
 *   it gets the rename's date. `--name-only` would list only the new path with rename detection on
 *   too; turning it off skips the costly similarity search and makes the output independent of the
 *   user's `diff.renames` setting.
 * - `--root` and `--no-show-signature`: pin the two user settings (`log.showRoot`,
 *   `log.showSignature`) that would drop the first commit's files or mix gpg output into stdout.
 * No pathspec: without one git does not simplify history, so no commit is skipped; `--relative`
 * already keeps the output to the `root` subtree.
 */
const GIT_LOG_ARGS = [
  'log', '--root', '--no-renames', '--relative', '--no-show-signature', '--format=%x00%at', '--name-only', '-z',
];

/** Generous: the default spawnSync maxBuffer (1 MiB) is only a few thousand commits' file lists. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/**
 * When each file was last changed: the author date of the newest commit touching it, from ONE
 * `git log` over the whole history; a file git does not know (new, uncommitted, or no git checkout /
 * no git binary at all) gets its modification time. Never throws.
 *
 * - A tracked file with uncommitted edits still gets its last commit's date: documentation sites
 *   show when the published text was last committed, and the date must not depend on the state of
 *   whoever's working tree runs the build.
 * - "Newest" is git log's order (newest commit first), so the first commit listing a path wins.
 * - In a shallow clone (common in CI) history stops at the clone depth, so files not changed since
 *   then all get the date of the oldest commit fetched.
 * - Paths outside `root` are not looked up in git (they get their modification time).
 * - If even `stat` fails (the file vanished), the date is the build time, `new Date()`: a page being
 *   built right now was, at worst, last updated now, and the Unix epoch would be a visibly wrong date.
 *
 * The map is keyed by the strings of `absPaths` exactly as given; its values are times in
 * milliseconds (a build keeps one a doc until its page renders: a Date object is ~100 bytes, a
 * number 16 where it is not shared, as the dates of a commit's files are). `modifiedMs`: each path's
 * modification time where the caller has read it already (`npm start` reads every doc's to know
 * whether it changed: a second stat of each cost ~75 ms a save on 10,000 uncommitted docs).
 */
export function lastUpdatedDates(root: string, absPaths: string[], committed = commitDates(root), modifiedMs: (number | undefined)[] = []): Map<string, number> {
  const timeOf = lastUpdatedTime(root, committed);
  const dates = new Map<string, number>();
  absPaths.forEach((path, index) => dates.set(path, timeOf(path, modifiedMs[index])));
  return dates;
}

/** The time lastUpdatedDates gives a path, from the commit dates and its modification time where read already. */
export function lastUpdatedTime(root: string, committed: Map<string, Date>): (path: string, modifiedMs: number | undefined) => number {
  const inside = `${root}${root.endsWith(sep) ? '' : sep}`;
  /** The path as git prints it: relative to root, `/` separators on every platform. */
  const gitPath = (path: string) => {
    // A path inside root as given (every doc's) is the rest of it: relative() took ~1 µs a doc in every save of `npm start`.
    const relativePath = path.startsWith(inside) && !path.includes(`${sep}..`) ? path.slice(inside.length) : relative(root, path);
    return relativePath.split(sep).join('/');
  };
  return (path, known) => {
    const date = committed.size === 0 ? undefined : committed.get(gitPath(path));
    // A time already read is a Date's time without making one (a Date drops the fraction of a millisecond).
    return date !== undefined ? date.getTime() : known === undefined ? modificationTime(path).getTime() : Math.trunc(known);
  };
}

/**
 * Path relative to `root` → date of the newest commit touching it; empty if git is unusable here.
 * `npm start` reads it once per build worker and passes it to lastUpdatedDates on each rebuild.
 */
export function commitDates(root: string): Map<string, Date> {
  let output: string;
  try {
    const result = spawnSync('git', GIT_LOG_ARGS, {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: MAX_OUTPUT_BYTES,
      // stderr is dropped: "not a git repository" is an expected case, not something to print.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // error: git not installed (ENOENT), root missing, output too large; status: not a repository,
    // or a repository without commits yet. All mean "git knows nothing": use modification times.
    if (result.error !== undefined || result.status !== 0) return new Map();
    output = result.stdout;
  } catch {
    return new Map(); // spawnSync throws only for invalid arguments (e.g. a NUL in root); never let it out.
  }

  return parseLog(output);
}

/**
 * The same, read without blocking: the build starts it first and takes the result when it lays
 * out the pages, so git runs while the markdown is transformed.
 */
export function readCommitDates(root: string): Promise<Map<string, Date>> {
  return new Promise((resolve) => {
    try {
      execFile('git', GIT_LOG_ARGS, { cwd: root, encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES }, (error, stdout) => {
        resolve(error ? new Map() : parseLog(stdout));
      }).stdin?.end();
    } catch {
      resolve(new Map());
    }
  });
}

/** `git log` output (the format of GIT_LOG_ARGS) → path → date of the newest commit touching it. */
function parseLog(output: string): Map<string, Date> {
  const dates = new Map<string, Date>();
  const fields = output.split('\0');
  let date: Date | undefined;
  let firstPathOfCommit = false;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] ?? '';
    if (field === '') {
      // Commit header: the next field is its author time in seconds (the trailing '' yields NaN).
      const seconds = Number(fields[++i]);
      date = Number.isFinite(seconds) ? new Date(seconds * 1000) : undefined;
      firstPathOfCommit = true;
      continue;
    }
    if (date === undefined) continue;
    // git separates the file list from the header with one newline, glued to the first path.
    const path = firstPathOfCommit && field.startsWith('\n') ? field.slice(1) : field;
    firstPathOfCommit = false;
    if (!dates.has(path)) dates.set(path, date);
  }
  return dates;
}

function modificationTime(path: string): Date {
  try {
    return statSync(path).mtime;
  } catch {
    return new Date();
  }
}
