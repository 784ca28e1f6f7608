// Stage 6: write the whole site into a fresh temporary folder, then swap it into place, so a
// failed build never leaves a half-written dist/ behind.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface OutputFile {
  /** Path inside dist/, with "/" separators. */
  path: string;
  content: string | Uint8Array;
}

export function writeSite(outDir: string, files: OutputFile[]): void {
  const parent = dirname(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = join(parent, `.dist-new-${stamp}`);
  const old = join(parent, `.dist-old-${stamp}`);
  mkdirSync(temp, { recursive: true });
  try {
    for (const file of files) {
      const target = join(temp, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  // Two renames: the old site moves aside, the new one takes its name, then the old one goes.
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(temp, outDir);
  rmSync(old, { recursive: true, force: true });
}

/** What an earlier build wrote into a folder: file path → content (kept in memory by `npm start`). */
export type WrittenFiles = Map<string, string | Uint8Array>;

function same(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a !== undefined && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * For `npm start`: writes only the files that differ from what the last build wrote into the same
 * folder and removes those that are gone, so a one-page change writes one page. The first build
 * (or one after the folder was touched by something else) writes the whole site as writeSite does.
 * A build that fails stops before this stage, so the served site is never half-updated by it.
 */
export function writeChanges(outDir: string, files: OutputFile[], previous: WrittenFiles | undefined): WrittenFiles {
  const next: WrittenFiles = new Map(files.map((file) => [file.path, file.content]));
  if (!previous || !existsSync(outDir)) {
    writeSite(outDir, files);
    return next;
  }
  for (const file of files) {
    if (same(previous.get(file.path), file.content)) continue;
    const target = join(outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    // Write then rename: a tab reloading meanwhile reads the old file or the new one, never half of one.
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, file.content);
    renameSync(temp, target);
  }
  for (const path of previous.keys()) {
    // Hashed assets stay: a tab opened on the previous build may still ask for its search index.
    if (next.has(path) || path.startsWith('assets/')) continue;
    rmSync(join(outDir, path), { force: true });
    // A deleted page leaves its folder empty: remove it, so its address answers 404.
    for (let dir = dirname(join(outDir, path)); dir !== outDir && readdirSync(dir).length === 0; dir = dirname(dir)) rmdirSync(dir);
  }
  return next;
}
