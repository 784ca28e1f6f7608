#!/usr/bin/env node
// `npm run build` and `npm start`: the generator's command run from a bundle of its TypeScript
// sources and their packages made by esbuild, instead of through tsx. Under tsx, starting took
// 0.6–0.7 s of a 1.8 s `npm run build` of the real site: a second Node process (tsx's command starts
// one with its loader), and each of the generator's ~130 modules and ~60 package files resolved and
// loaded one at a time, through the loader's thread for the former. From the bundle it takes ~0.27 s,
// npm's and Node's own start included.
//
// The bundle is never stale: each run hashes the sources (SOURCE_FOLDERS and SOURCE_FILES, every
// file, whatever its name) and runs the bundle made from exactly those bytes and from the packages
// as installed (their package.json files, read each run too), bundling first when there is none
// yet (a fresh clone, an edit to the generator, a package upgraded). Bundles are kept under
// node_modules/.cache/pagewright/bundles/, one folder per hash, so checkouts of different versions
// that share node_modules never overwrite each other's. A bundling that reads a source outside the
// hashed ones stops with the file to add.
//
//   node scripts/launch.mjs build|start [options of the command]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

// Before React loads, which in the bundle may come before the code of lib/render/production-env.ts
// runs (that module does this for the sources, whose imports run in order): React's server renderer
// is about ten times slower in development mode.
process.env.NODE_ENV ??= 'production';

const root = resolve(import.meta.dirname, '..');

/** What the bundle is made from: every file under these folders, and these files. */
const SOURCE_FOLDERS = ['lib', 'templates', 'components', 'common'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.base.json', 'scripts/launch.mjs'];

/** Each command's module, and the modules the generator starts in other threads and processes (lib/bundled.ts). */
const ENTRIES = {
  'build-command': 'lib/build-command.ts',
  'dev-server': 'lib/dev/server.ts',
  'build-worker': 'lib/dev/build-worker.ts',
  'helper-thread-worker': 'lib/runtime/helper-thread-worker.ts',
};
const COMMANDS = { build: ['build-command', 'runBuildCommand'], start: ['dev-server', 'startDevServer'] };

const CACHE = join(root, 'node_modules/.cache/pagewright');
const BUNDLES = join(CACHE, 'bundles');
/** Bundles of other versions of the sources kept besides the one in use. */
const KEEP_OTHERS = 8;

/** The source files, sorted, as paths relative to the root with `/`. */
export function sourceFiles(base = root) {
  const files = [...SOURCE_FILES];
  const walk = (dir) => {
    for (const entry of readdirSync(join(base, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return files.sort();
}

/** The hash that names a bundle: the sources' paths and bytes, and the esbuild that bundles them. */
export function sourcesHash(base = root) {
  const hash = createHash('sha256');
  const esbuild = createRequire(join(base, 'package.json')).resolve('esbuild/package.json');
  hash.update(`esbuild ${JSON.parse(readFileSync(esbuild, 'utf8')).version}\0`);
  for (const file of sourceFiles(base)) {
    const bytes = readFileSync(join(base, file));
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The package folders whose files esbuild read, from its metafile's inputs (relative to `base`), as
 * absolute paths: the same for every checkout that shares these packages.
 */
function packageFolders(base, inputs) {
  const folders = new Set();
  for (const input of inputs) {
    const path = input.split(sep).join('/');
    const at = path.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const [scope, name] = path.slice(at + 'node_modules/'.length).split('/');
    folders.add(resolve(base, path.slice(0, at) + `node_modules/${scope?.startsWith('@') ? `${scope}/${name}` : scope}`));
  }
  return [...folders].sort();
}

/** A hash of the packages' package.json files (their versions); undefined when one is gone. */
function packagesHash(folders) {
  const hash = createHash('sha256');
  try {
    for (const folder of folders) hash.update(`${folder}\0`).update(readFileSync(join(folder, 'package.json')));
  } catch {
    return undefined;
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of the bundle made from the sources and packages as they are now; bundles them first
 * if needed. Bundles live in BUNDLES/SOURCES-HASH/PACKAGES-HASH/: the packages a bundle holds are
 * known once it is made (SOURCES-HASH/packages.json lists them), and a bundle is used only while
 * their package.json files (their versions) are the same.
 */
export async function currentBundle(base = root, cache = BUNDLES) {
  const home = join(cache, sourcesHash(base));
  try {
    const known = packagesHash(JSON.parse(readFileSync(join(home, 'packages.json'), 'utf8')));
    if (known && existsSync(join(home, known, 'done'))) return join(home, known);
  } catch {
    // Not bundled yet for these sources.
  }
  mkdirSync(cache, { recursive: true });
  // Another run may be bundling the same sources: each writes its own folder and moves it into place.
  const scratch = join(cache, `.scratch-${process.pid}-${Date.now()}`);
  let dir;
  try {
    const { build } = await import('esbuild');
    const result = await build({
      absWorkingDir: base,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(base, path)])),
      outdir: scratch,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // The packages too: one file loads in half the time of the ~60 files of packages it holds.
      // esbuild starts its own program, found from its package.
      external: ['esbuild'],
      // For the packages' require() of Node's modules.
      banner: { js: "import { createRequire as __generatorRequire } from 'node:module'; const require = __generatorRequire(import.meta.url);" },
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Smaller to parse; names are kept, for readable stacks.
      minifyWhitespace: true,
      minifySyntax: true,
      define: { GENERATOR_BUNDLED: 'true' },
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'error',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const hashed = new Set(sourceFiles(base));
    const unhashed = inputs.filter((input) => !input.includes('node_modules') && !hashed.has(input.split(sep).join('/')));
    if (unhashed.length > 0) {
      throw new Error(`The generator's bundle reads ${unhashed.join(', ')}, which scripts/launch.mjs does not hash: `
        + 'add the folder to SOURCE_FOLDERS or the file to SOURCE_FILES, so that a change to it makes a new bundle.');
    }
    const packages = packageFolders(base, inputs);
    const packagesKey = packagesHash(packages);
    if (!packagesKey) throw new Error(`A package the generator's bundle holds has no package.json: ${packages.join(', ')}.`);
    dir = join(home, packagesKey);
    // The marker comes last: a folder without it is a bundling that was interrupted.
    writeFileSync(join(scratch, 'done'), '');
    mkdirSync(home, { recursive: true });
    try {
      renameSync(scratch, dir);
    } catch (error) {
      if (!existsSync(join(dir, 'done'))) throw error;
    }
    const list = join(home, `packages.json.${process.pid}`);
    writeFileSync(list, JSON.stringify(packages));
    renameSync(list, join(home, 'packages.json'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  pruneBundles(cache, home, dir);
  return dir;
}

/**
 * Removes the bundles of other sources but the KEEP_OTHERS newest (other checkouts may use them),
 * and those of these sources with other packages.
 */
function pruneBundles(cache, home, current) {
  const others = readdirSync(cache).map((name) => join(cache, name)).filter((path) => path !== home && !relative(cache, path).startsWith('.scratch-'));
  const newest = others.map((path) => ({ path, time: statSync(path).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { path } of newest.slice(KEEP_OTHERS)) rmSync(path, { recursive: true, force: true });
  for (const entry of readdirSync(home, { withFileTypes: true })) {
    if (entry.isDirectory() && join(home, entry.name) !== current) rmSync(join(home, entry.name), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  const target = COMMANDS[command ?? ''];
  if (!target) {
    console.error(`Usage: node scripts/launch.mjs ${Object.keys(COMMANDS).join('|')} [options]`);
    process.exit(2);
  }
  const [entry, run] = target;
  // Node 22.1 and later keep V8's compiled code between runs (Node 20 has no such cache).
  nodeModule.enableCompileCache?.(join(CACHE, 'compiled'));
  const bundle = await currentBundle();
  const module = await import(pathToFileURL(join(bundle, `${entry}.mjs`)).href);
  // npm start's build worker: from the bundle of the sources as they are when it starts.
  await module[run](root, args, async () => join(await currentBundle(), 'build-worker.mjs'));
}
