// Command-line options shared by build.ts and dev.ts. Every flag takes a value (`--port 3000` or
// `--port=3000`); an unknown flag, a flag without its value or a stray word is refused with one
// line, so a typo never runs a build with settings the author did not ask for.
import { resolve } from 'node:path';

/** A mistake on the command line: printed as one line, exit code 2. */
export class CliError extends Error {}

/** The flags every command takes, with what their value is (for messages). */
const COMMON_FLAGS: Record<string, string> = { '--site': 'DIR', '--out': 'DIR' };

export interface CliOptions {
  /** The value given for a flag, e.g. option('--port'); undefined when the flag is absent. */
  option(name: string): string | undefined;
  /** --site DIR: the site folder to build (a test fixture, say); the project itself by default. */
  siteDir: string;
  /** --out DIR: where the site is written; dist/ by default. */
  outDir: string;
}

/**
 * Reads the arguments; `flags` adds the command's own flags to --site and --out, each with what its
 * value is ({ '--port': 'N' }). Throws CliError for anything it cannot read.
 */
export function parseCli(root: string, args: readonly string[], flags: Record<string, string> = {}): CliOptions {
  const known = { ...COMMON_FLAGS, ...flags };
  const usage = `the options are ${Object.entries(known).map(([name, value]) => `${name} ${value}`).join(', ')}`;
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (!Object.hasOwn(known, name)) {
      throw new CliError(arg.startsWith('-') ? `Unknown option "${name}"; ${usage}.` : `Unexpected argument "${arg}"; ${usage}.`);
    }
    const value = equals > 0 ? arg.slice(equals + 1) : args[++index];
    // "--host --port 5062" must not listen on a host named "--port".
    if (value === undefined || value === '' || (equals < 0 && value.startsWith('--'))) {
      throw new CliError(`${name} needs a value (${name} ${known[name]})${value ? `, not the option "${value}"` : ''}.`);
    }
    if (values.has(name)) throw new CliError(`${name} is given twice; give it once.`);
    values.set(name, value);
  }
  const option = (name: string) => values.get(name);
  return {
    option,
    siteDir: resolve(option('--site') ?? root),
    outDir: resolve(option('--out') ?? resolve(root, 'dist')),
  };
}

/** parseCli for a command's entry point: a mistake prints one line (no stack) and exits with code 2. */
export function readCli(root: string, args: readonly string[], flags: Record<string, string> = {}): CliOptions {
  try {
    return parseCli(root, args, flags);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** A TCP port from the command line or PORT: a whole number 0-65535 (0: any free port). */
export function parsePort(value: string, from: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new CliError(`${from} must be a whole number from 0 to 65535, not "${value}".`);
  return port;
}
