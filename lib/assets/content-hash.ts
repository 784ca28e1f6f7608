// Content-hashed file names for everything under dist/assets/, which is served with immutable
// caching: a changed file gets a new name. Kept apart from lib/assets/bundle.ts (which loads esbuild), so
// the search index worker can name its files the same way without loading the bundler.
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';

export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** "main.css" → "main.<hash>.css". */
export function hashedName(name: string, content: string | Uint8Array): string {
  const ext = extname(name);
  return `${basename(name, ext)}.${contentHash(content)}${ext}`;
}
