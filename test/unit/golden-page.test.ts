// A golden page: one whole generated page of the basic fixture (a doc page with sidebar, table of
// contents, admonition, code block and code tabs), compared with the committed file, so that any
// change in the generated HTML shows in the diff of a pull request.
//
// To accept an intended change: UPDATE_GOLDEN=1 node --import tsx --test test/unit/golden-page.test.ts
// then review and commit the diff of test/golden/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { BASIC_FIXTURE, buildInto, ROOT } from '../helpers/site.ts';

const ROUTE = '/docs/guides/first/';
const GOLDEN = join(ROOT, 'test/golden/basic-docs-guides-first.html');
/** Lines of context shown around the first difference. */
const CONTEXT = 3;

/**
 * The page without what changes for reasons other than its HTML: asset file names' content hashes
 * (any stylesheet or client-script edit) and the "Last updated" date (git history; a shallow clone
 * dates every file at its oldest fetched commit).
 */
export function stable(html: string): string {
  return html
    .replace(/(\/assets\/[^"\s]*?\.)[0-9a-f]{10}(\.[a-z0-9]+")/g, '$1HASH$2')
    .replace(/(<time datetime=")\d{4}-\d{2}-\d{2}(">)[^<]*(<\/time>)/g, '$1DATE$2DATE$3');
}

/** The first differing line of two texts with CONTEXT lines around it, as a readable message; '' when equal. */
export function firstDifference(expected: string, actual: string): string {
  if (expected === actual) return '';
  const want = expected.split('\n');
  const got = actual.split('\n');
  let line = 0;
  while (line < want.length && line < got.length && want[line] === got[line]) line++;
  const from = Math.max(0, line - CONTEXT);
  const show = (lines: string[], sign: string) => lines.slice(from, line + CONTEXT + 1)
    .map((text, index) => `${from + index === line ? sign : ' '} ${String(from + index + 1).padStart(4)} | ${text}`).join('\n');
  return `first difference at line ${line + 1} (golden has ${want.length} lines, the build ${got.length}):\n`
    + `golden:\n${show(want, '-')}\nbuilt:\n${show(got, '+')}`;
}

test('the first guide of the basic fixture is, byte for byte, the golden page', async (t) => {
  const { outDir } = await buildInto(BASIC_FIXTURE);
  t.after(() => rmSync(dirname(outDir), { recursive: true, force: true }));
  const built = stable(readFileSync(join(outDir, ROUTE.slice(1), 'index.html'), 'utf8'));
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(GOLDEN), { recursive: true });
    writeFileSync(GOLDEN, built);
    console.log(`golden page written: ${GOLDEN}`);
    return;
  }
  assert.ok(existsSync(GOLDEN), `${GOLDEN} is missing: run with UPDATE_GOLDEN=1 to write it`);
  const difference = firstDifference(readFileSync(GOLDEN, 'utf8'), built);
  assert.ok(difference === '', `${ROUTE} differs from ${GOLDEN}.\n${difference}\n`
    + 'If the change is intended, run the test with UPDATE_GOLDEN=1 and commit the new golden file.');
});

test('a difference is reported with its line and the lines around it', () => {
  const golden = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
  const message = firstDifference(golden, golden.replace('e', 'E'));
  assert.match(message, /^first difference at line 5 \(golden has 8 lines, the build 8\)/);
  assert.match(message, /golden:\n {2}\s+2 \| b\n[\s\S]*- {4}5 \| e\n[\s\S]*built:\n[\s\S]*\+ {4}5 \| E\n/);
  assert.equal(firstDifference(golden, golden), '');
});
