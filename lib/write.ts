// Stage 6: write the whole site into a fresh temporary folder, then swap it into place, so a
// failed build never leaves a half-written dist/ behind.
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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
