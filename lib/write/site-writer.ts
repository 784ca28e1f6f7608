// Write: the whole site is written into a fresh temporary folder, then swapped into place, so a
// failed build never leaves a half-written dist/ behind. The previous site, moved aside by the swap,
// is removed by a process of its own: the build does not wait for it (seconds on a large site).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BuildError } from '../diagnostics.ts';
import { changedSince } from '../runtime/same-items.ts';
import { ownString } from '../runtime/spill.ts';
import type { FileOutput } from '../assemble/output-table.ts';

/**
 * The absolute path of `path` inside `folder`, or an internal error: routes are checked where they
 * are made (lib/load/route-path.ts), and this holds should a path from content ever get past that check.
 */
export function insideFolder(folder: string, path: string): string {
  const target = resolve(folder, path);
  const rel = relative(resolve(folder), target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new Error(`Internal error: refusing to write or delete "${path}", which is not inside the output folder ${folder}.`);
  }
  return target;
}

const LEFTOVER = /^\.dist-(?:new|old)-(\d+)-\d+$/;

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The folders of builds that were interrupted (killed, power lost) beside the output folder: the
 * stamp in their name holds the builder's process id, so those of a running build stay.
 */
export function removeLeftovers(outDir: string): void {
  removeFoldersOfEndedBuilds(dirname(resolve(outDir)), LEFTOVER);
}

/**
 * Removes the folders in `parent` whose name `pattern` matches with a process id as its first
 * group, when that process has ended (a build killed before it could remove its own). `ended`
 * says so instead of asking the system, for a process just killed (npm start's build process).
 */
export function removeFoldersOfEndedBuilds(parent: string, pattern: RegExp, ended = (pid: number) => !isRunning(pid)): void {
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) {
    const match = pattern.exec(name);
    if (match && ended(Number(match[1]))) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/** Removes a folder and everything in it, run by removeInBackground with the folder as its argument. */
const REMOVE_FOLDER = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })";

/**
 * Removes a folder in a process of its own, which goes on after this one ends: removing the
 * previous site of 10,000 pages took 1.3–6 s of a 10–12 s build on a disk (every file and folder
 * unlinked, one at a time). Should that process not start, the folder is removed here; should it
 * not finish (the machine stopped), the folder's name still holds this build's process id, and the
 * next build removes it (removeLeftovers).
 */
export function removeInBackground(folder: string): void {
  try {
    const remover = spawn(process.execPath, ['-e', REMOVE_FOLDER, '--', folder], { detached: true, stdio: 'ignore', windowsHide: true });
    remover.once('error', () => rmSync(folder, { recursive: true, force: true }));
    remover.unref();
  } catch {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface OutputFile {
  /** Path inside dist/, with "/" separators. */
  path: string;
  content: string | Uint8Array;
}

/**
 * Writes a site into a fresh temporary folder beside `outDir`, file by file as the build makes
 * them (so a large site is never held in memory whole), and swaps it into place on `commit`.
 * Writes are synchronous: measured on 10,000 pages, writes in Node's thread pool were slower.
 */
export class SiteWriter implements FileSink {
  private readonly temp: string;
  private readonly stamp = `${process.pid}-${Date.now()}`;
  /** The folders made, as paths inside the temporary one ("" for itself). */
  private readonly dirs = new Set<string>();

  constructor(private readonly outDir: string) {
    this.temp = join(dirname(resolve(outDir)), `.dist-new-${this.stamp}`);
    try {
      mkdirSync(this.temp, { recursive: true });
    } catch (error) {
      // A read-only or missing parent is a setting to fix, not a crash: say so without a stack.
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new BuildError({ file: outDir }, `The output folder cannot be written: making ${this.temp} failed (${code}).`,
        `Choose an output folder whose parent folder ${dirname(outDir)} exists and is writable (--out DIR), or fix its permissions.`);
    }
    removeLeftovers(outDir);
    this.dirs.add('');
  }

  write(path: string, content: string | Uint8Array): void {
    const target = insideFolder(this.temp, path);
    this.makeDir(dirname(target));
    writeFileSync(target, content);
  }

  /** `write`, telling the file's stamp once written (kept by the rename of `commit`). */
  writeStamped(path: string, content: string | Uint8Array): FileStamp {
    const target = insideFolder(this.temp, path);
    this.makeDir(dirname(target));
    return writeFileStamped(target, content);
  }

  /** The new folder itself, for files another thread writes into it. */
  get location(): string {
    return this.temp;
  }

  /** A folder inside the new site, made now (for files another thread writes); its absolute path. */
  folder(path: string): string {
    const target = insideFolder(this.temp, path);
    this.makeDir(target);
    return target;
  }

  open(path: string): FilePieces {
    const target = insideFolder(this.temp, path);
    this.makeDir(dirname(target));
    return inPieces(target);
  }

  /**
   * Folders are made once each, parents first, without the extra checks of a recursive mkdir. The
   * callers pass folders inside the temporary one, so the walk up stops there. Each is noted by
   * its path inside it as a string of its own: `dirname` cuts a folder from its file's whole path,
   * which a slice kept alive for every folder of the site (~150 bytes a page on a large one).
   */
  private makeDir(dir: string): void {
    const inside = dir.slice(this.temp.length);
    if (this.dirs.has(inside)) return;
    this.makeDir(dirname(dir));
    mkdirSync(dir);
    this.dirs.add(ownString(inside));
  }

  /** Two renames: the old site moves aside, the new one takes its name; then the old one goes, in the background. */
  commit(): void {
    const old = join(dirname(this.outDir), `.dist-old-${this.stamp}`);
    if (!existsSync(this.outDir)) {
      renameSync(this.temp, this.outDir);
      return;
    }
    renameSync(this.outDir, old);
    renameSync(this.temp, this.outDir);
    removeInBackground(old);
  }

  /** A failed build: the new files go, the previous site stays as it was. */
  abort(): void {
    rmSync(this.temp, { recursive: true, force: true });
  }
}

/** A file's inode and modification time: while both are as written, it is the file written. */
export interface FileStamp {
  ino: number;
  mtimeMs: number;
}

/** Writes a file and tells its stamp, read from the open file rather than by its path again. */
function writeFileStamped(target: string, content: string | Uint8Array): FileStamp {
  const fd = openSync(target, 'w');
  try {
    writeFileSync(fd, content);
    const { ino, mtimeMs } = fstatSync(fd);
    return { ino, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** Where the files of a site are written: a SiteWriter, or the folders it made (`filesInto`). */
export interface FileSink {
  write(path: string, content: string | Uint8Array): void;
  /** A file written in pieces (one that would be large to hold whole, such as /llms-full.txt). */
  open(path: string): FilePieces;
}

interface FilePieces {
  write(text: string): void;
  close(): void;
}

function inPieces(target: string): FilePieces {
  const fd = openSync(target, 'w');
  return { write: (text) => writeSync(fd, text), close: () => closeSync(fd) };
}

/**
 * Files written into a folder a SiteWriter of another thread made (`folder`), whose files' folders
 * it has made too: the helper thread's markdown twins (lib/runtime/threaded.ts). Making none here
 * leaves no two threads making the same folder.
 */
export function filesInto(folder: string): FileSink {
  return {
    write: (path, content) => writeFileSync(insideFolder(folder, path), content),
    open: (path) => inPieces(insideFolder(folder, path)),
  };
}

/** A file of the output table; one given in parts (/llms-full.txt) is written part by part. */
export function writeOutput(sink: FileSink, file: FileOutput): void {
  const content = file.content();
  if (typeof content === 'string' || content instanceof Uint8Array) {
    sink.write(file.path, content);
    return;
  }
  const out = sink.open(file.path);
  for (const part of content) out.write(part);
  out.close();
}

/** Writes a whole site (into `writer`, a new site some of whose files are in already, when given) and swaps it into place. */
export function writeSite(outDir: string, files: (OutputFile | VersionedFile)[], writer = new SiteWriter(outDir)): void {
  /** The files that want their stamp, told once the site is in place. */
  const stamped: [VersionedFile, FileStamp][] = [];
  try {
    for (const file of files) {
      if (isVersioned(file) && file.written) stamped.push([file, writer.writeStamped(file.path, file.content())]);
      else writer.write(file.path, contentOf(file));
    }
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
  for (const [file, stamp] of stamped) file.written?.(stamp);
}

/**
 * A file of `npm start` named by a version instead of compared by content: files with the same
 * path and version have the same bytes (a page's version is the digest of what it is rendered
 * from), so an unchanged one is neither made nor compared, and only its version is kept.
 */
export interface VersionedFile {
  path: string;
  version: string;
  /** Made only when the file is written. */
  content: () => string | Uint8Array;
  /**
   * A page's version but for the search index's URL: a page whose last version differs from this
   * one there alone may be written later (writeChanges' `holdSearchOnly`).
   */
  beforeSearch?: string | undefined;
  /** Called once the file is in place in the output folder, with its stamp (npm start's pages: lib/runtime/rendered-pages.ts). */
  written?: ((stamp: FileStamp) => void) | undefined;
}

/**
 * A new site's writer into which a build wrote its first lists of files (`parts` of them) as it made
 * them: `npm start`'s first build writes each page as it renders it (lib/runtime/cached.ts).
 */
export interface OpenedSite {
  writer: SiteWriter;
  parts: number;
}

/**
 * A file as an earlier build wrote it: a versioned file by its version, another by its content;
 * `met`, the call of writeChanges that last met its path.
 */
export interface WrittenFile {
  version?: string | undefined;
  beforeSearch?: string | undefined;
  content?: string | Uint8Array | undefined;
  met: number;
}

/** What earlier builds wrote into a folder, by path (kept in memory by `npm start`). */
export type WrittenFiles = Map<string, WrittenFile>;

function isVersioned(file: OutputFile | VersionedFile): file is VersionedFile {
  return 'version' in file;
}

/** A file's bytes: a versioned file's are made now. */
export function contentOf(file: OutputFile | VersionedFile): string | Uint8Array {
  return isVersioned(file) ? file.content() : file.content;
}

function same(written: WrittenFile | undefined, file: OutputFile | VersionedFile): boolean {
  if (written === undefined) return false;
  if (isVersioned(file)) return written.version === file.version;
  const before = written.content;
  const { content } = file;
  if (before === undefined) return false;
  if (typeof before === 'string' || typeof content === 'string') return before === content;
  return before instanceof Uint8Array && Buffer.from(before.buffer, before.byteOffset, before.byteLength).equals(content);
}

/** A page whose last written version differs from this one only in the search index's URL. */
function searchOnly(written: WrittenFile | undefined, file: OutputFile | VersionedFile): file is VersionedFile {
  return isVersioned(file) && file.beforeSearch !== undefined && written?.version !== undefined && written.beforeSearch === file.beforeSearch;
}

/** What `written` notes of a file as written: a versioned file's version, another's content. */
function noted(file: OutputFile | VersionedFile, met: number): WrittenFile {
  return isVersioned(file) ? { version: file.version, beforeSearch: file.beforeSearch, met } : { content: file.content, met };
}

/** The calls of writeChanges so far (WrittenFile.met). */
let calls = 0;

/** A build's files in lists, in order (the pages, the other output files, the assets' lists). */
export type FileParts = readonly (readonly (OutputFile | VersionedFile)[])[];

/**
 * Each written map's last call of writeChanges: its files in their lists, and where those it held
 * back (`waiting`) are, in order, as places counted over the lists one after the other; it left
 * the others on the disk as they are. `heldWritten`: how many of those held back writeVersioned
 * has written since, in order (lib/runtime/later-writes.ts writes them so), which the next call
 * need not read again: on a large site a save's call came after every page was held back and
 * written, and looking each up again was half its time (~96 ms of a save at 100,000 pages, profiled).
 */
const lastCalls = new WeakMap<WrittenFiles, { parts: FileParts; held: number[]; heldWritten: number }>();

/** The file at a place counted over the lists one after the other. */
function fileAt(parts: FileParts, place: number): OutputFile | VersionedFile | undefined {
  let offset = place;
  for (const part of parts) {
    if (offset < part.length) return part[offset];
    offset -= part.length;
  }
  return undefined;
}

/**
 * For `npm start`: writes only the files that differ from what the last build wrote into the same
 * folder and removes those that are gone, so a one-page change writes one page. The first build
 * (or one after the folder was removed) writes the whole site as writeSite does, into `opened` when
 * it wrote its first lists there already.
 * A build that fails stops before this stage, so the served site is never half-updated by it.
 * With `holdSearchOnly`, the pages whose only change is the search index's URL are not written but
 * returned as `waiting` (their entries keep the version written), to be written with `writeVersioned`.
 * `previous` is updated in place, each entry as its file is written, and returned as `written`:
 * made anew on each save, a map of every file with an entry object for each was, with a new file
 * object for every page, half of the write stage of a save at 10,000 pages (48 ms, now 22).
 *
 * The files come in lists, as the build makes them, rather than joined into one: a save changes a
 * page and its twin, and a joined list of every file, made anew, was ~11 ms of a save at 100,000
 * pages (226,000 files), most of it the system giving the new list its memory. A save's lists
 * mostly hold at each place the last call's file (a page, a twin or a search file kept is the same
 * object; another file has the same path and version): while each list has as many files as the
 * last call's, such a file, written by the last call, is passed over without looking its path up
 * (each look-up cost ~0.8 µs, ~160 ms a save at 100,000 pages), and the files gone are among the
 * paths the others had; where a list was noted as patched from the last call's (notePatched), only
 * those places are read. Otherwise each entry notes the call that met its path, so that the files
 * gone are found without a set of every path, and a path the lists hold twice counts once.
 */
export function writeChanges(outDir: string, parts: FileParts, previous: WrittenFiles | undefined,
  holdSearchOnly = false, opened?: OpenedSite): { written: WrittenFiles; waiting: VersionedFile[] } {
  const call = ++calls;
  const waiting: VersionedFile[] = [];
  if (opened !== undefined || !previous || !existsSync(outDir)) {
    const files = parts.flat();
    writeSite(outDir, opened ? parts.slice(opened.parts).flat() : files, opened?.writer);
    const written = new Map(files.map((file) => [file.path, noted(file, call)]));
    lastCalls.set(written, { parts, held: [], heldWritten: 0 });
    return { written, waiting };
  }
  const last = lastCalls.get(previous);
  const placed = last && last.parts.length === parts.length && parts.every((part, index) => part.length === last.parts[index]?.length) ? last : undefined;
  /** The paths met, each once (without `placed`). */
  let met = 0;
  /** The paths of the last call's files whose places now hold other files (with `placed`). */
  const left: string[] = [];
  const held: number[] = [];
  // Those the last call held back and that are not written yet (writeVersioned counts those, in
  // order), as places over all the lists, ascending from `heldNext`: read where they are, not
  // copied or put in a set (a save while ~100,000 pages wait was ~160 ms in this function).
  const heldBefore = placed?.held ?? [];
  let heldNext = placed?.heldWritten ?? 0;
  let offset = 0;
  parts.forEach((files, part) => {
    const before = placed?.parts[part];
    const end = offset + files.length;
    const hold = (file: VersionedFile, index: number) => {
      waiting.push(file);
      held.push(offset + index);
    };
    /** The place `index` of this list: its file written, held back again or passed over. */
    const visit = (index: number, wasHeld: boolean): void => {
      const file = files[index] as OutputFile | VersionedFile;
      if (before) {
        const was = before[index] as OutputFile | VersionedFile;
        if (was === file || sameVersion(was, file)) {
          if (!wasHeld) return;
          // Held back by the last call and not written since: the same version, still waiting.
          if (holdSearchOnly && isVersioned(file)) return hold(file, index);
        }
        if (was.path !== file.path) left.push(was.path);
      }
      const written = previous.get(file.path);
      if (!placed && written?.met !== call) met += 1;
      if (written) written.met = call;
      if (same(written, file)) return;
      if (holdSearchOnly && searchOnly(written, file)) return hold(file, index);
      writeOne(outDir, file);
      previous.set(file.path, noted(file, call));
    };
    /** The next place the last call held back in this list, as an index in it; -1 when none is left. */
    const nextHeld = () => (heldNext < heldBefore.length && (heldBefore[heldNext] as number) < end ? (heldBefore[heldNext] as number) - offset : -1);
    // Where the list was patched from the last call's, the files at the other indexes are the
    // last call's: only those indexes are read, and those of the files it held back, in order.
    const known = before ? changedSince(before, files) : undefined;
    if (known) {
      let at = 0;
      let lastVisited = -1;
      for (;;) {
        const changed = at < known.length ? (known[at] as number) : -1;
        const heldIndex = nextHeld();
        if (changed < 0 && heldIndex < 0) break;
        const index = heldIndex >= 0 && (changed < 0 || heldIndex <= changed) ? heldIndex : changed;
        if (index === changed) at += 1;
        if (index === heldIndex) heldNext += 1;
        if (index !== lastVisited) visit(index, index === heldIndex);
        lastVisited = index;
      }
    } else {
      for (let index = 0; index < files.length; index++) {
        const wasHeld = nextHeld() === index;
        if (wasHeld) heldNext += 1;
        visit(index, wasHeld);
      }
    }
    offset = end;
  });
  if (left.length > 0) {
    // A path that left its place may have come to another (a doc renamed): gone are the others.
    const paths = new Set<string>();
    for (const files of parts) for (const file of files) paths.add(file.path);
    for (const path of left) if (!paths.has(path)) removeFile(outDir, previous, path);
  } else if (!placed && previous.size > met) {
    for (const [path, file] of previous) if (file.met !== call) removeFile(outDir, previous, path);
  }
  lastCalls.set(previous, { parts, held, heldWritten: 0 });
  return { written: previous, waiting };
}

/** Two versioned files at one path with one version: the same bytes. */
function sameVersion(before: OutputFile | VersionedFile, file: OutputFile | VersionedFile): boolean {
  return before.path === file.path && isVersioned(before) && isVersioned(file) && before.version === file.version;
}

/** Removes a file gone from the site, and its entry. */
function removeFile(outDir: string, written: WrittenFiles, path: string): void {
  written.delete(path);
  // Hashed assets stay: a tab opened on the previous build may still ask for its search index.
  if (path.startsWith('assets/')) return;
  const target = insideFolder(outDir, path);
  rmSync(target, { force: true });
  // A deleted page leaves its folder empty: remove it, so its address answers 404. Up to the output folder, not beyond.
  const top = resolve(outDir);
  for (let dir = dirname(target); dir !== top && dir.startsWith(top) && readdirSync(dir).length === 0; dir = dirname(dir)) rmdirSync(dir);
}

/** A file written in place of the one there, by a write and a rename: a tab reloading meanwhile reads the old file or the new one, never half of one. */
function writeOne(outDir: string, file: OutputFile | VersionedFile): void {
  const target = insideFolder(outDir, file.path);
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  if (isVersioned(file) && file.written) {
    // The rename keeps the file's inode and modification time.
    const stamp = writeFileStamped(temp, file.content());
    renameSync(temp, target);
    file.written(stamp);
    return;
  }
  writeFileSync(temp, contentOf(file));
  renameSync(temp, target);
}

/** A versioned file that writeChanges held back (`waiting`), written now, and its version noted in `written`. */
export function writeVersioned(outDir: string, file: VersionedFile, written: WrittenFiles): void {
  writeOne(outDir, file);
  written.set(file.path, noted(file, written.get(file.path)?.met ?? calls));
  const last = lastCalls.get(written);
  if (last && last.heldWritten < last.held.length && fileAt(last.parts, last.held[last.heldWritten] as number) === file) last.heldWritten += 1;
}
