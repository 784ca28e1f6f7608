// `npm start`'s watcher: it tells the server which paths under the source folders changed. It
// watches folders, one system watch each, never files: a folder's watch reports its files' changes
// too. chokidar, used before, watched every file as well, and on a site of 100,000 docs it held
// ~770 MB, took ~15 s of CPU to be ready (beside the first build, on two cores) and ~100,000 of the
// system's watches (Linux's limit is 8,192 on many machines: npm start then crashed).
//
// It reports paths, not what happened to them: the build looks at what is there. A folder that
// comes (made, moved in, a branch switch) is reported as itself, its files not one by one: the
// build walks it (lib/load/known-tree.ts). It is watched before it is listed, so a file made in it
// meanwhile is either listed or reported.
import { lstatSync, readdirSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { dirname, join, sep } from 'node:path';

interface WatchedFolder {
  watcher: FSWatcher;
  /** The folder's identity: another folder made at the same path is watched anew. */
  ino: number;
}

/** What is at `path`; a link is followed when `follow`. Undefined when nothing is there. */
function statOf(path: string, follow = false): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

export class SourceWatcher {
  private readonly sources: ReadonlySet<string>;
  /** The watched folders under the sources, by absolute path. */
  private readonly folders = new Map<string, WatchedFolder>();
  /** The folders that hold the sources, each watched for its sources only (one may be removed and come back). */
  private readonly parents: FSWatcher[] = [];
  private closed = false;
  /** A folder could not be watched: saves under it go unseen. */
  private incomplete = false;

  /**
   * Watches `sources` (absolute paths of folders and files, which may not exist yet) once made, the
   * folders' whole trees included; `onChange` is called with each path that changed, `onTrouble`
   * with what to do when a folder cannot be watched.
   */
  constructor(sources: readonly string[], private readonly onChange: (path: string) => void,
    private readonly onTrouble: (message: string) => void) {
    this.sources = new Set(sources);
    for (const parent of new Set(sources.map((source) => dirname(source)))) {
      const watcher = this.watch(parent, (name) => {
        if (name === null) {
          for (const source of this.sources) if (dirname(source) === parent) this.changed(source);
        } else if (this.sources.has(join(parent, name))) {
          this.changed(join(parent, name));
        }
      }, (code) => this.trouble(parent, code));
      if (watcher) this.parents.push(watcher);
    }
    for (const source of this.sources) {
      const stat = statOf(source, true);
      if (stat?.isDirectory()) this.watchTree(source, stat);
    }
  }

  /** Every folder is watched: the changes reported are all there were (else the build walks). */
  get complete(): boolean {
    return !this.incomplete;
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.parents) watcher.close();
    for (const { watcher } of this.folders.values()) watcher.close();
    this.parents.length = 0;
    this.folders.clear();
  }

  /** A path that changed: a folder that came is watched, one that went is no longer; then it is reported. */
  private changed(path: string): void {
    if (this.closed) return;
    const stat = statOf(path, this.sources.has(path));
    const watched = this.folders.get(path);
    if (watched && (!stat?.isDirectory() || stat.ino !== watched.ino)) this.unwatchTree(path);
    if (stat?.isDirectory() && !this.folders.has(path)) this.watchTree(path, stat);
    this.onChange(path);
  }

  /**
   * Watches a folder, then lists it and watches its folders in turn. A link is followed where it is
   * a source (a content/ linked from elsewhere: the build reads it by its path), not inside one, as
   * the build's walk does not.
   */
  private watchTree(folder: string, stat: Stats): void {
    const watcher = this.watch(folder, (name) => {
      // The folder itself went or was replaced (it then reports its own name): the folder changed.
      const now = statOf(folder, this.sources.has(folder));
      if (!now?.isDirectory() || now.ino !== stat.ino) this.changed(folder);
      else this.changed(name === null ? folder : join(folder, name));
    }, (code) => {
      const watched = this.folders.get(folder);
      if (watched?.watcher === watcher) this.folders.delete(folder);
      // The folder went (Windows reports that as an error): whether it is there is looked at again.
      if (code === 'EPERM' || code === 'ENOENT') this.changed(folder);
      else {
        // Not watched again, so that a watch that keeps failing is not made again and again.
        this.trouble(folder, code);
        this.onChange(folder);
      }
    });
    if (!watcher) return;
    this.folders.set(folder, { watcher, ino: stat.ino });
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // Gone meanwhile: its watch has reported it.
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      const child = statOf(path);
      if (child?.isDirectory()) this.watchTree(path, child);
    }
  }

  private unwatchTree(folder: string): void {
    for (const [path, { watcher }] of this.folders) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        this.folders.delete(path);
      }
    }
  }

  /**
   * A system watch of one folder, calling `onName` with the name of what changed in it, and
   * `onError` once should the watch fail (it is closed); undefined when it cannot be made.
   */
  private watch(folder: string, onName: (name: string | null) => void, onError: (code: string | undefined) => void): FSWatcher | undefined {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { encoding: 'utf8' }, (_event, name) => {
        if (!this.closed) onName(name);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone before it could be watched: whoever reported it coming reports it going too.
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      this.trouble(folder, code);
      return undefined;
    }
    watcher.on('error', (error: NodeJS.ErrnoException) => {
      watcher.close();
      if (!this.closed) onError(error.code);
    });
    return watcher;
  }

  private trouble(folder: string, code: string | undefined): void {
    const first = !this.incomplete;
    this.incomplete = true;
    if (!first) return;
    const advice = code === 'ENOSPC'
      ? 'The system\'s limit of watched folders is reached: raise it (on Linux, sysctl fs.inotify.max_user_watches) and restart npm start.'
      : 'Restart npm start once the folder can be read.';
    this.onTrouble(`Cannot watch ${folder} for changes (${code ?? 'error'}): a save under it is built only with the next save elsewhere. ${advice}`);
  }
}
