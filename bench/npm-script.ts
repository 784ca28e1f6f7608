// How package.json's scripts start the generator, so that the benchmark runs it the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Node options an npm script gives (package.json: `node OPTIONS scripts/launch.mjs COMMAND`). */
export function scriptOptions(root: string, command: 'build' | 'start'): string[] {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[command] ?? '';
  const words = script.split(/\s+/);
  if (words[0] !== 'node' || words.at(-2) !== 'scripts/launch.mjs' || words.at(-1) !== command) {
    throw new Error(`package.json's ${command} script is not "node [options] scripts/launch.mjs ${command}": ${script}`);
  }
  return words.slice(1, -2);
}
