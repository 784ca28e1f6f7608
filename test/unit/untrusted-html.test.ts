// Issue 19, "Content that cannot escape": raw HTML in markdown follows an allow-list, anything
// that could run script, redirect, restyle or load another site fails the build at its line;
// site.yml text cannot break out of the inline head scripts; a heading's links do not nest in
// the table of contents' links.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { Parser } from 'htmlparser2';
import { badInputHarness, caseSite, pageBody } from '../helpers/bad-input.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';
import { scriptHash } from '../../lib/security.ts';
import { DATA, STORAGE_KEYS } from '../../common/constants.ts';

const made: string[] = [];
/** A site folder (or an output's parent) removed after the tests. */
function track<T extends string>(dir: T): T {
  made.push(dir);
  return dir;
}
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const { previousDist, failure } = await badInputHarness();
made.push(join(previousDist, '..'));

const fail = (name: string) => failure(track(caseSite(name)));
const SECOND = 'content/docs/guides/2-second.md';
const siteYml = readFileSync(join(BASIC_FIXTURE, 'content/site.yml'), 'utf8');
/** The policy of a page's <meta> tag, as the browser reads the attribute; one line (the page writes one directive a line). */
function policyOf(html: string): string {
  const raw = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return raw.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/;\s+/g, '; ');
}
const page = (body: string) => `---\ndescription: The second guide.\n---\n\n# Second guide\n\n${body}\n`;

async function build(files: Record<string, string>): Promise<string> {
  const { outDir } = await buildInto(track(fixtureWith(files)));
  track(join(outDir, '..'));
  return outDir;
}

test('a raw <script src> in markdown fails the build at its line (it ran under the site\'s own policy)', async () => {
  assert.equal(await fail('raw-html-script-src'), `${SECOND}:12: Raw HTML <script> is not allowed in pages.\n`
    + '  → Pages cannot run their own scripts. Describe the code in a fenced code block instead; behaviour belongs in client/.');
});

test('an inline <script> inside a paragraph fails the build at its line', async () => {
  assert.match(await fail('raw-html-inline-script'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <script> is not allowed in pages\./);
});

test('a <style> element fails the build at its own line inside an HTML block (it hid the page)', async () => {
  assert.match(await fail('raw-html-style-element'), /^content\/docs\/guides\/2-second\.md:12: Raw HTML <style> is not allowed in pages\.\n {2}→ Pages cannot carry their own styles/);
});

test('a style attribute fails the build: it can cover or hide the page', async () => {
  assert.match(await fail('raw-html-style-attribute'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <div> has the attribute "style", which is not allowed in pages\.\n {2}→ Remove it\. Pages cannot restyle the site/);
});

test('<meta http-equiv="refresh"> fails the build (it sent readers to another site)', async () => {
  assert.match(await fail('raw-html-meta-refresh'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <meta> is not allowed in pages\.\n {2}→ A <meta> tag can redirect readers/);
});

test('<base> fails the build', async () => {
  assert.match(await fail('raw-html-base'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <base> is not allowed in pages\./);
});

test('<object>, <embed> and <form> fail the build', async () => {
  for (const [name, element] of [['raw-html-object', 'object'], ['raw-html-embed', 'embed'], ['raw-html-form', 'form']]) {
    assert.match(await fail(name as string), new RegExp(`^content/docs/guides/2-second\\.md:10: Raw HTML <${element}> is not allowed in pages\\.`));
  }
});

test('an event-handler attribute fails the build at the line of its tag', async () => {
  assert.equal(await fail('raw-html-event-handler'), `${SECOND}:10: Raw HTML <div> has the event-handler attribute "onclick", which is not allowed in pages.\n`
    + '  → Pages cannot run their own scripts: remove the attribute.');
});

test('a javascript: href in raw <a> fails the build, even with a tab entity inside the scheme', async () => {
  assert.match(await fail('raw-html-javascript-href'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <a href="java\tscript:alert\(1\)"> uses the "javascript:" scheme, which is not allowed in pages\./);
});

test('a javascript: markdown link fails the build (any scheme passed as an external link)', async () => {
  assert.equal(await fail('markdown-javascript-link'), `${SECOND}:10: Link "javascript:alert(1)" uses a scheme that runs script or embeds a document, which is not allowed in pages.\n`
    + '  → Link to a route (/docs/…), a markdown file or an https:// address.');
});

test('an unclosed HTML comment or an unfinished tag fails the build (it would hide or swallow the markup after it)', async () => {
  assert.match(await fail('raw-html-unclosed-comment'), /^content\/docs\/guides\/2-second\.md:10: An HTML comment "<!--" is never closed\./);
  assert.match(await fail('raw-html-unfinished-tag'), /^content\/docs\/guides\/2-second\.md:11: Raw HTML "<span title="never closed…" is an unfinished tag\./);
});

test('an <iframe> fails the build unless site.yml "embeds" lists its origin', async () => {
  assert.match(await fail('raw-html-iframe'), /^content\/docs\/guides\/2-second\.md:10: Raw HTML <iframe> is not allowed in pages\.\n {2}→ Embed only from an origin listed under "embeds" in content\/site\.yml/);
  const other = await failure(track(fixtureWith({
    'content/site.yml': `${siteYml}embeds:\n  - https://video.example.com\n`,
    [SECOND]: page('<iframe src="https://player.example.com/embed/42" title="Demo"></iframe>'),
  })));
  assert.match(other, /^content\/docs\/guides\/2-second\.md:7: Raw HTML <iframe src="https:\/\/player\.example\.com\/embed\/42">: https:\/\/player\.example\.com is not an origin listed under "embeds"/);
});

test('an embeds entry that is not a bare https origin fails at its line in site.yml', async () => {
  assert.equal(await fail('embeds-with-path'), 'content/site.yml:48: "embeds" lists "https://player.example.com/embed/", which is not an https origin.\n'
    + '  → List origins only, like https://player.example.com: https, a host (and port), no path.');
});

test('an <iframe> from an origin in "embeds" renders, and the policy allows frames from that origin only', async () => {
  const iframe = '<iframe src="https://player.example.com/embed/42" title="Demo video" width="560" height="315" allowfullscreen></iframe>';
  const outDir = await build({ 'content/site.yml': `${siteYml}embeds:\n  - https://player.example.com\n`, [SECOND]: page(iframe) });
  assert.ok(pageBody(outDir, '/docs/guides/second/').includes(iframe));
  const html = readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8');
  const policy = policyOf(html);
  assert.match(policy, /(^|; )frame-src https:\/\/player\.example\.com(;|$)/);
  const served = JSON.parse(readFileSync(join(outDir, 'serve.json'), 'utf8')) as { headers: { headers: { key: string; value: string }[] }[] };
  const header = served.headers.flatMap((rule) => rule.headers).find((entry) => entry.key === 'Content-Security-Policy')?.value;
  assert.equal(header, `${policy}; frame-ancestors 'none'`);
});

test('a site without embeds keeps its policy without frame-src (frames fall under default-src \'self\')', async () => {
  const html = readFileSync(join(previousDist, 'docs/guides/second/index.html'), 'utf8');
  const policy = policyOf(html);
  assert.match(policy, /^default-src 'self';/);
  assert.doesNotMatch(policy, /frame-src/);
});

test('allowed raw HTML renders as written, and a local image source becomes its hashed asset', async () => {
  const allowed = [
    '<details class="more"><summary>More</summary>',
    '',
    'Press <kbd>Ctrl</kbd>+<kbd>K</kbd>; H<sub>2</sub>O, x<sup>2</sup>,<br>a new line.',
    '',
    '</details>',
    '',
    '<figure class="shot">',
    '<figcaption>A caption</figcaption>',
    '</figure>',
    '',
    '<table class="grid"><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
    '',
    '<div class="note" id="n1" aria-label="Note"><span class="badge">New</span></div>',
    '',
    '<!-- a comment stays -->',
    '',
    '<a href="https://www.example.com/" rel="noopener noreferrer">Out</a>',
  ];
  const outDir = await build({ [SECOND]: page(`${allowed.join('\n')}\n\n<img src="./diagram.svg" alt="Flow">`) });
  // The page's HTML formatter may break lines between tags; the markup itself is as written.
  const body = pageBody(outDir, '/docs/guides/second/').replace(/\n/g, '');
  assert.ok(body.includes('<details class="more"><summary>More</summary>'), body);
  assert.ok(body.includes('Press <kbd>Ctrl</kbd>+<kbd>K</kbd>; H<sub>2</sub>O, x<sup>2</sup>,<br>a new line.'), body);
  for (const line of allowed.slice(4).filter(Boolean)) assert.ok(body.includes(line), `${line}\n---\n${body}`);
  const src = /<img src="([^"]+)" alt="Flow">/.exec(body)?.[1];
  assert.match(src ?? '', /^\/assets\/images\/diagram\.[0-9a-f]+\.svg$/);
  assert.equal(readFileSync(join(outDir, src?.slice(1) ?? ''), 'utf8'), readFileSync(join(BASIC_FIXTURE, 'content/docs/guides/diagram.svg'), 'utf8'));
});

/** The inline scripts of a page, as the browser's parser splits them. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: string | undefined;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'script' && attribs.src === undefined) current = '';
    },
    ontext(text) {
      if (current !== undefined) current += text;
    },
    onclosetag(name) {
      if (name === 'script' && current !== undefined) scripts.push(current);
      current = undefined;
    },
  }, { decodeEntities: false });
  parser.end(html);
  return scripts;
}

test('an announcement id or baseUrl holding </script> cannot break out of the inline head scripts', async () => {
  const attack = '</script><script>alert(1)</script>';
  const config = siteYml
    .replace('id: fixture-1', `id: '${attack}\u2028'`)
    .replace('baseUrl: /', `baseUrl: '/${attack}/'`);
  const outDir = await build({ 'content/site.yml': config });
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = inlineScripts(html);
  assert.equal(scripts.length, 2, scripts.join('\n---\n'));
  const policy = policyOf(html);
  for (const script of scripts) assert.ok(policy.includes(scriptHash(script)), `the policy allows ${script.slice(0, 60)}`);
  // The no-flash script still compares the stored id with the real one: a dismissed banner stays hidden.
  const noFlash = scripts.find((script) => script.includes('data-theme')) ?? '';
  const attributes = new Map<string, string>();
  const stored = new Map<string, string>([[STORAGE_KEYS.announcementId, `${attack}\u2028`], [STORAGE_KEYS.announcementDismissed, 'true']]);
  runInNewContext(noFlash, {
    document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
    window: { localStorage: { getItem: (key: string) => stored.get(key) ?? null } },
  });
  assert.equal(attributes.get(DATA.announcementDismissed), 'true');
});

test('a local source after an end tag with something after its name is still rewritten in place', async () => {
  // htmlparser2 reports the next tag's start inside "</div x>"; splicing there garbled the block.
  const outDir = await build({ [SECOND]: page('<div class="x"></div x><img src="./diagram.svg" alt="After">') });
  assert.match(pageBody(outDir, '/docs/guides/second/'), /<div class="x"><\/div x><img src="\/assets\/images\/diagram\.[0-9a-f]+\.svg" alt="After">/);
});

test('a heading that contains a link gives the table of contents its text, not a second <a> inside the entry', async () => {
  const outDir = await build({ [SECOND]: page('## Train a [LoRA](/docs/guides/first/) model\n\nText.\n\n## Plain') });
  const html = readFileSync(join(outDir, 'docs/guides/second/index.html'), 'utf8');
  const toc = /<nav class="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  assert.match(toc, /<a href="#train-a-lora-model" class="toc__link">Train a LoRA model<\/a>/);
  const heading = /<h2 id="train-a-lora-model"[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? '';
  assert.match(heading, /^Train a <a href="\/docs\/guides\/first\/">LoRA<\/a> model<a class="hash-link"/, 'the heading itself keeps its link');
});

test('a raw <img> or <video> source outside the site folder fails at its markdown line, like a markdown image', async () => {
  for (const tag of ['<img src="../../../../../../../../etc/passwd" alt="x">', '<video src="../../../../../../../../dev/zero"></video>']) {
    const message = await failure(track(fixtureWith({ [SECOND]: page(`Before.\n\n${tag}\n`) })));
    assert.match(message, /^content\/docs\/guides\/2-second\.md:9: Raw HTML <(img|video) src="[^"]+">: the file is outside the site folder/, tag);
  }
});

test('a link may open in a new tab (target="_blank"); a named window or frame fails the build at its line', async () => {
  const out = await build({ [SECOND]: page('See <a href="https://status.example.com" target="_blank">the status page</a>.\n') });
  assert.match(pageBody(out, '/docs/guides/second/'), /<a href="https:\/\/status\.example\.com" target="_blank">the status page<\/a>/);
  const message = await failure(track(fixtureWith({ [SECOND]: page('See <a href="/docs/" target="docs-window">the docs</a>.\n') })));
  assert.match(message, /^content\/docs\/guides\/2-second\.md:7: Raw HTML <a target="docs-window"> names a window or frame, which a page cannot do\./);
});
