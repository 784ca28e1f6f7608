// Command-line options shared by build.ts and dev.ts.
import { resolve } from 'node:path';

export interface CliOptions {
  /** The value after a flag, e.g. option('--port'). */
  option(name: string): string | undefined;
  has(name: string): boolean;
  /** --site DIR: the site folder to build (a test fixture, say); the project itself by default. */
  siteDir: string;
  /** --out DIR: where the site is written; dist/ by default. */
  outDir: string;
}

export function readCli(root: string, args: string[]): CliOptions {
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  return {
    option,
    has: (name) => args.includes(name),
    siteDir: resolve(option('--site') ?? root),
    outDir: resolve(option('--out') ?? resolve(root, 'dist')),
  };
}
