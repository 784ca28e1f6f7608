// Links gate: a crawler starts at the home page of the built real site and follows every internal
// link; no link may answer anything but 200, and every #anchor must exist on its page. The
// rule-breaker fixture (a missing page and a missing anchor in raw HTML) proves the gate can fail.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { serve } from '../helpers/browser.ts';
import { crawl } from '../helpers/crawl.ts';
import { buildInto, fixtureOverlay, QUALITY_BAD_OVERLAY, ROOT, RULE_BREAKER_ROUTE } from '../helpers/site.ts';
import { htmlFiles } from '../helpers/html-rules.ts';

test('from the home page, every internal link of the real site resolves, and every anchor exists', async () => {
  const { outDir } = await buildInto(ROOT);
  const site = await serve(outDir);
  try {
    const fromHome = await crawl(site.url);
    // A few pages have no link leading to them (listed in the sitemap only); their links count too.
    const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
    const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] ?? '/');
    const report = await crawl(site.url, ['/', ...listed]);
    console.log(`links: ${fromHome.pages} pages reached from the home page, ${report.pages} with the sitemap's; ${report.links} internal links checked, ${report.problems.length} broken`);
    assert.deepEqual(fromHome.problems, []);
    assert.deepEqual(report.problems, []);
    const built = htmlFiles(outDir).filter((file) => file !== '404.html').length;
    assert.equal(report.pages, built, 'every built page was checked');
    assert.ok(fromHome.pages > 100, `only ${fromHome.pages} pages are reached from the home page`);
  } finally {
    await site.close();
  }
});

test('the crawler reports a link to a missing page and a link to a missing anchor', async () => {
  const { outDir } = await buildInto(fixtureOverlay(QUALITY_BAD_OVERLAY));
  const site = await serve(outDir);
  try {
    const { problems } = await crawl(site.url);
    assert.deepEqual(problems, [
      `${RULE_BREAKER_ROUTE}: link to /docs/guides/first/#no-such-section: no element with id "no-such-section"`,
      `${RULE_BREAKER_ROUTE}: link to /docs/guides/no-such-page/ answers 404`,
    ]);
  } finally {
    await site.close();
  }
});
