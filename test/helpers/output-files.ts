// Built sites compared file by file, so that a failure names the files that differ.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file of a built site, by path. */
export function snapshot(dir: string): Map<string, Buffer> {
  return new Map(readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => [path.slice(dir.length + 1), readFileSync(path)]));
}

/** The files that differ between two sites, named, so a failure says which. */
export function differences(expected: Map<string, Buffer>, actual: Map<string, Buffer>): string[] {
  const found: string[] = [];
  for (const [path, content] of expected) {
    const other = actual.get(path);
    if (!other) found.push(`${path}: missing`);
    else if (!other.equals(content)) found.push(`${path}: different content`);
  }
  for (const path of actual.keys()) if (!expected.has(path)) found.push(`${path}: not in the other site`);
  return found;
}
