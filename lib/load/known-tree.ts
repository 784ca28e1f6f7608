// Load, `npm start`: the docs folder as the last build walked it, and the files the server's
// watcher saw change since. A save that only edits docs already known needs no walk: the last
// walk's docs are reused and the edited ones read again. At 100,000 docs the walk (a stat of every
// doc file, a listing of every folder) took 1.7-2.7 s of a save's build. Anything the walk could
// find differently (a doc or folder added, removed or renamed, a category file, a change the
// watcher did not report) walks the folder again.
import { lstatSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { CATEGORY_FILES, docExtension, type CategorySource, type DocSource } from './content.ts';

/** What a walk found, for the next build that may reuse it. */
interface Walk {
  /** The docs folder, the project root and the docs route: another of any is another walk. */
  key: string;
  docs: DocSource[];
  categories: CategorySource[];
  /** The doc files found: each one's resolved path → its place in `docs`. */
  docPaths: ReadonlyMap<string, number>;
  /** Every folder the walk listed (those it skips too, whose pages make their parent a category). */
  dirs: ReadonlySet<string>;
  /** What the docs' memo said of `docs` when they were taken (DocsMemoState). */
  memo: DocsMemoState;
}

/**
 * The places of the docs whose entries in the docs' memo (ContentOptions.knownDocs) hold warnings,
 * and the memo's version, when the docs were taken: every doc was its entry's then, so while the
 * version is the same a reused walk reads only the edited docs and these.
 */
export interface DocsMemoState {
  warned: readonly number[];
  version: number;
}

/** The last walk's docs and categories, with the docs to read again (their files changed). */
export interface ReusableWalk {
  docs: readonly DocSource[];
  categories: CategorySource[];
  /** The places in `docs` of those whose files changed: read again. */
  edited: ReadonlySet<number>;
  memo: DocsMemoState;
}

export class KnownTree {
  private last: Walk | undefined;
  /** The files changed since the last walk or reuse; undefined when not known (walk again). */
  private changed: Set<string> | undefined;
  /** A watcher tells the changes (`saw` was called): without one, every build walks. */
  private told = false;

  /**
   * The files the watcher saw change (absolute paths) since it last said; undefined when it cannot
   * tell (it was not yet watching every file), so the next build walks.
   */
  saw(paths: readonly string[] | undefined): void {
    this.told = true;
    if (paths === undefined) this.changed = undefined;
    else for (const path of paths) this.changed?.add(resolve(path));
  }

  /** The last walk of `docsDir`, when nothing changed since could make a walk find other docs or categories. */
  reusable(docsDir: string, key: string): ReusableWalk | undefined {
    const { last, changed } = this;
    if (!last || last.key !== key || changed === undefined) return undefined;
    const edited = new Set<number>();
    const top = resolve(docsDir);
    for (const path of changed) {
      if (!path.startsWith(top + sep)) continue;
      const kind = kindOf(path);
      const place = last.docPaths.get(path);
      if (place !== undefined) {
        if (kind !== 'file') return undefined;
        edited.add(place);
        continue;
      }
      // A new doc, a category file, a folder made or removed: what the walk finds may differ. Any
      // other file (an image, an editor's temporary file) is not the walk's.
      const name = basename(path);
      if (kind === 'other' || docExtension(name) !== undefined || CATEGORY_FILES.includes(name)) return undefined;
      if (kind === 'missing' && last.dirs.has(path)) return undefined;
    }
    return { docs: last.docs, categories: last.categories, edited, memo: last.memo };
  }

  /** A walk found these: kept for the next build, whose changes are counted from now. */
  walked(key: string, docs: DocSource[], categories: CategorySource[], dirs: ReadonlySet<string>, memo: DocsMemoState): void {
    // A doc's path is resolved already but for an odd site folder: its own string is kept then, not a
    // new one equal to it (built in pieces: ~300 bytes a doc).
    const docPaths = new Map(docs.map((doc, place) => {
      const resolved = resolve(doc.absPath);
      return [resolved === doc.absPath ? doc.absPath : resolved, place];
    }));
    this.last = { key, docs, categories, docPaths, dirs, memo };
    this.changed = this.told ? new Set() : undefined;
  }

  /** The last walk reused, its edited docs read again (the same files, in the same order). */
  reused(docs: DocSource[], memo: DocsMemoState): void {
    if (this.last) this.last = { ...this.last, docs, memo };
    this.changed = this.told ? new Set() : undefined;
  }
}

/** A regular file, missing, or anything else (a folder, a link), as the walk's listing tells them apart. */
function kindOf(path: string): 'file' | 'missing' | 'other' {
  try {
    return lstatSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}
