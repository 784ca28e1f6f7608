// The stylesheet and the two scripts as esbuild last compiled them, kept on the disk between runs
// (node_modules/.cache/pagewright/assets/): a production build of the real site otherwise starts
// esbuild's service and bundles the three every time (60–170 ms of a cold `npm run build`), though
// they change only when the generator's client code does.
//
// Never stale: an entry holds what it was compiled from (every file of the compiled folders, and
// each other file esbuild read, such as a package's module) with a digest of their bytes, and is
// used only when the same files hash to the same digest now.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Compiled<T> {
  value: T;
  /** The files esbuild read, relative to the root. */
  inputs: string[];
}

interface Entry<T> {
  inputs: string[];
  digest: string;
  value: T;
}

/** Every file under the folders, relative to the root, sorted. */
function folderFiles(root: string, folders: readonly string[]): string[] {
  return folders.flatMap((folder) => readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1).split('\\').join('/'))).sort();
}

/** A digest of the files' paths and bytes; undefined when one of them cannot be read any more. */
function digestOf(root: string, files: readonly string[]): string | undefined {
  const hash = createHash('sha256');
  try {
    for (const file of files) {
      const bytes = readFileSync(join(root, file));
      hash.update(`${file}\0${bytes.length}\0`).update(bytes);
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/**
 * The value compiled from the folders' files (and whatever else the compiler reads): the stored one
 * when its inputs are unchanged, else `compile()`'s, stored for the next run under `name`.
 */
export async function compiledWithCache<T>(root: string, name: string, folders: readonly string[], compile: () => Promise<Compiled<T>>): Promise<T> {
  const dir = join(root, 'node_modules/.cache/pagewright/assets');
  const path = join(dir, `${name}.json`);
  const own = folderFiles(root, folders);
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Entry<T>;
    const inputs = [...new Set([...own, ...stored.inputs])].sort();
    if (inputs.length === stored.inputs.length && digestOf(root, inputs) === stored.digest) return stored.value;
  } catch {
    // None yet, or unreadable: compiled anew below.
  }
  const before = digestOf(root, own);
  const compiled = await compile();
  const inputs = [...new Set([...own, ...compiled.inputs])].sort();
  const digest = digestOf(root, inputs);
  // A file saved while esbuild ran may or may not be in its output: such a result is not kept.
  if (digest !== undefined && before !== undefined && digestOf(root, own) === before) {
    // Written aside and renamed into place, so that a build running meanwhile reads a whole entry.
    mkdirSync(dir, { recursive: true });
    const scratch = `${path}.${process.pid}-${Date.now()}`;
    writeFileSync(scratch, JSON.stringify({ inputs, digest, value: compiled.value } satisfies Entry<T>));
    renameSync(scratch, path);
  }
  return compiled.value;
}
