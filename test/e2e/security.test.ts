// Security gate: one Content-Security-Policy in every page's <meta> and in `npm run serve`'s
// headers, allowing the inline scripts by hash only; external links open with
// rel="noopener noreferrer"; text from front matter and site.yml is escaped; and no request leaves
// the site's origin on any page. The rule-breaker fixture proves the checks can fail.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { scriptHash } from '../../lib/security.ts';
import { inParallel, siteRoutes, WHOLE_SITE } from '../helpers/audit.ts';
import { siteInChromium } from '../helpers/browser.ts';
import { htmlFiles } from '../helpers/html-rules.ts';
import { buildInto, buildQualityBad, fixtureOverlay, fixtureWith, QUALITY_BAD_OVERLAY, ROOT, RULE_BREAKER_ROUTE } from '../helpers/site.ts';

const live = siteInChromium(ROOT);

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
/** The policy of a page's <meta> tag, one line (the page writes one directive a line; a policy splits at ";" and whitespace). */
const metaPolicy = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replace(/&#x27;/g, "'").replace(/;\s+/g, '; ');
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

/** What is wrong with the pages' policy, as "page: problem"; and the one policy they share. */
function policyProblems(dir: string): { pages: number; policies: Set<string>; problems: string[] } {
  const files = htmlFiles(dir);
  const policies = new Set<string>();
  const problems: string[] = [];
  for (const file of files) {
    const html = read(dir, file);
    const policy = metaPolicy(html);
    if (!policy) {
      problems.push(`${file}: no Content-Security-Policy meta tag`);
      continue;
    }
    policies.add(policy);
    const scripts = directive(policy, 'script-src');
    if (scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'")) problems.push(`${file}: script-src ${scripts.join(' ')}`);
    const allowed = new Set(scripts.filter((source) => source.startsWith("'sha256-")));
    for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      if (!allowed.has(scriptHash(match[1] ?? ''))) problems.push(`${file}: inline script not allowed by hash: ${(match[1] ?? '').slice(0, 100)}`);
    }
    if (directive(policy, 'object-src').join(' ') !== "'none'") problems.push(`${file}: object-src is not 'none'`);
  }
  return { pages: files.length, policies, problems };
}

test('every page carries the policy; its script-src allows only the site and the hashes of the page\'s inline scripts', () => {
  const realOut = live.outDir;
  const { pages, policies, problems } = policyProblems(realOut);
  console.log(`security: policy checked on ${pages} pages`);
  assert.deepEqual(problems, []);
  assert.equal(policies.size, 1, 'one policy for the whole site');
  const [policy] = [...policies];
  // Exactly the two scripts that must run before first paint are allowed inline.
  assert.equal(directive(policy ?? '', 'script-src').filter((source) => source.startsWith("'sha256-")).length, 2);
  const serveConfig = JSON.parse(read(realOut, 'serve.json')) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
  const header = serveConfig.headers.flatMap((rule) => rule.headers).find((entry) => entry.key === 'Content-Security-Policy');
  assert.equal(header?.value, `${policy}; frame-ancestors 'none'`, 'the served header is the same policy, plus frame-ancestors');
});

test('the policy check catches an inline script that has no hash in the policy', async () => {
  const { outDir } = await buildQualityBad();
  const { problems } = policyProblems(outDir);
  assert.deepEqual(problems, [`${RULE_BREAKER_ROUTE.slice(1)}index.html: inline script not allowed by hash: document.title = 'An inline script the policy does not allow';`]);
});

/** Links to other origins that lack rel="noopener noreferrer", as "page: href". */
function unsafeExternalLinks(dir: string): string[] {
  const problems: string[] = [];
  for (const file of htmlFiles(dir)) {
    for (const match of read(dir, file).matchAll(/<a\s[^>]*href="(https?:\/\/[^"]*)"[^>]*>/g)) {
      const rel = /\srel="([^"]*)"/.exec(match[0])?.[1]?.split(/\s+/) ?? [];
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(`${file}: ${match[1]}`);
    }
  }
  return problems;
}

test('every link to another site has rel="noopener noreferrer"; the check catches one that has not', async () => {
  assert.deepEqual(unsafeExternalLinks(live.outDir), []);
  const { outDir } = await buildInto(fixtureOverlay(QUALITY_BAD_OVERLAY));
  assert.deepEqual(unsafeExternalLinks(outDir), [`${RULE_BREAKER_ROUTE.slice(1)}index.html: https://www.example.com/outside`]);
});

test('front matter and site.yml text is escaped wherever it shows', async () => {
  const markup = '<img src=x onerror="document.title=1">';
  const site = fixtureWith({
    'content/docs/guides/3-escaped.md': `---\ntitle: 'Escaped ${markup}'\ndescription: 'Quote " and ${markup}'\ntags: ['${markup}']\n---\n\nBody.\n`,
  });
  const config = read(site, 'content/site.yml').replace('text: The fixture has news.', `text: 'News ${markup}'`);
  const { outDir } = await buildInto(fixtureWith({ 'content/site.yml': config, 'content/docs/guides/3-escaped.md': read(site, 'content/docs/guides/3-escaped.md') }));
  const html = read(outDir, 'docs/guides/escaped/index.html');
  assert.ok(!html.includes('<img src=x'), 'no raw markup from front matter or site.yml');
  // In text a quote needs no entity (the formatter writes it plain); the "<" that would open a tag stays escaped.
  assert.match(html, /<title>Escaped &lt;img src=x onerror="document.title=1"&gt; \| Fixture docs<\/title>/);
  const page = await live.open(`${await live.serve(outDir)}/docs/guides/escaped/`);
  assert.equal(await page.locator('h1').textContent(), `Escaped ${markup}`);
  assert.match(await page.locator('.announcement').textContent() ?? '', /News <img/);
  assert.equal(await page.locator('main img[src="x"], .announcement img').count(), 0);
});

/** Loads each page and lists what tried to reach another origin: requests, and loads the policy refused. */
async function offSiteRequests(url: string, paths: string[]): Promise<string[]> {
  const origin = new URL(url).origin;
  const contexts = await Promise.all([0, 1].map(() => live.context()));
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  const found: string[] = [];
  let current = ['', ''];
  pages.forEach((page, worker) => {
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith('data:')) found.push(`${current[worker]}: request to ${request.url()}`);
    });
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) found.push(`${current[worker]}: ${message.text()}`);
    });
  });
  await inParallel(paths, pages.length, async (path, worker) => {
    current[worker] = path;
    const page = pages[worker] as Page;
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    // Lazy images load now rather than on scroll; then wait until every image has loaded or failed.
    await page.evaluate(() => {
      for (const image of document.images) image.loading = 'eager';
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  });
  current = [];
  return found.sort();
}

test('no page of the real site sends a request outside its origin, and nothing is refused by the policy', WHOLE_SITE, async () => {
  const routes = siteRoutes(live.outDir);
  const found = await offSiteRequests(live.url, routes);
  console.log(`security: ${routes.length} pages loaded, ${found.length} requests outside the origin or refused by the policy`);
  assert.deepEqual(found, []);
});

test('the request check catches an image from another origin, and the browser refuses the unlisted inline script', async () => {
  const { outDir } = await buildQualityBad();
  const found = await offSiteRequests(await live.serve(outDir), [RULE_BREAKER_ROUTE]);
  assert.ok(found.some((line) => line.includes('https://images.example.com/outside.png')), found.join('\n'));
  assert.ok(found.some((line) => /inline script/.test(line)), found.join('\n'));
});
