// Views are pure: templates/ and components/ lay out the page data that lib/ computed, so at run
// time they load only react, common/ and components/ (templates/ also each other), never lib/ or
// what lib/ brings along (highlight.js, js-yaml, node:fs, node:crypto). Types from lib/ are fine:
// `import type` is erased.
//
// esbuild (the bundler tsx runs the code with) follows the imports as they run: with the project's
// `verbatimModuleSyntax`, `import type` is dropped and every other import kept, so its metafile
// lists exactly the modules a view loads, transitively.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/** The folders each folder's modules may load, and the packages any of them may. */
const MAY_LOAD: Record<string, string[]> = {
  templates: ['templates', 'components', 'common'],
  components: ['components', 'common'],
  common: ['common'],
};
const PACKAGES = new Set(['react', 'react/jsx-runtime']);

const folderOf = (path: string) => path.split('/')[0] ?? '';

/** Every module the views load at run time, with what each loads: "importer → module" when not allowed. */
async function forbiddenLoads(): Promise<string[]> {
  const views = ['templates', 'components'].flatMap((dir) =>
    readdirSync(join(ROOT, dir)).filter((name) => /\.tsx?$/.test(name)).map((name) => `${dir}/${name}`));
  const result = await build({
    absWorkingDir: ROOT, entryPoints: views, bundle: true, write: false, metafile: true,
    outdir: join(ROOT, 'architecture-check'), platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent',
  });
  const problems: string[] = [];
  for (const [importer, input] of Object.entries(result.metafile.inputs)) {
    const allowed = MAY_LOAD[folderOf(importer)];
    if (!allowed) {
      problems.push(`${importer} is loaded by a view`);
      continue;
    }
    for (const loaded of input.imports) {
      const ok = loaded.external ? PACKAGES.has(loaded.path) : allowed.includes(folderOf(loaded.path));
      if (!ok) problems.push(`${importer} → ${loaded.original ?? loaded.path}`);
    }
  }
  return problems.sort();
}

test('views load only react, common/ and components/ (and templates/ each other): lib/ reaches them as types only', async () => {
  assert.deepEqual(await forbiddenLoads(), [],
    'A view computes nothing: compute the value in lib/assemble/page-data.ts, pass it in the page data, and import its type with `import type`.');
});
