// HTML-validity gate: every page of the built real site passes html-validate's recommended rules
// (test/helpers/html-rules.ts), and a page with invalid markup is caught.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateSite } from '../helpers/html-rules.ts';
import { buildInto, fixtureOverlay, QUALITY_BAD_OVERLAY, ROOT } from '../helpers/site.ts';

test('every page of the real site is valid HTML', async () => {
  const { outDir } = await buildInto(ROOT);
  const { pages, problems } = await validateSite(outDir);
  console.log(`html-validate: ${pages} pages of the real site validated, ${problems.length} problems`);
  assert.ok(pages > 100, `only ${pages} pages were validated`);
  assert.deepEqual(problems, []);
});

test('the gate fails on a page with invalid markup, naming page, line and rule', async () => {
  const { outDir } = await buildInto(fixtureOverlay(QUALITY_BAD_OVERLAY));
  const { problems } = await validateSite(outDir);
  const onBreaker = problems.filter((problem) => problem.startsWith('docs/guides/rule-breaker/index.html:'));
  assert.ok(onBreaker.some((problem) => / no-dup-id: /.test(problem)), onBreaker.join('\n'));
  assert.ok(onBreaker.some((problem) => / wcag\/h37: /.test(problem)), onBreaker.join('\n'));
  assert.deepEqual(problems.filter((problem) => !problem.startsWith('docs/guides/rule-breaker/')), []);
});
