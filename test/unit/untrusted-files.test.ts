// Files named by content are untrusted (issue 19, "Files stay inside the site"): an image path
// publishes only a regular file inside the site folder, of an image or media type by extension
// and signature; an SVG that could run script fails the build; and every SVG response carries a
// policy that lets it run nothing. Each failing case names the markdown file and line, says what
// to do, and leaves the previous dist/ alone (test/helpers/bad-input.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { AssetRejected } from '../../lib/assets/asset-rejected.ts';
import { checkImage } from '../../lib/assets/image-check.ts';
import { SVG_POLICY } from '../../lib/security.ts';
import { checkSvg } from '../../lib/assets/svg-check.ts';
import { buildSite } from '../../lib/pipeline.ts';
import { badInputHarness, caseSite, pageBody } from '../helpers/bad-input.ts';
import { serve } from '../helpers/browser.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith, ROOT, tempDir } from '../helpers/site.ts';

const { failure, previousDist } = await badInputHarness();
const PAGE = 'content/docs/guides/2-second.md';
const OUTSIDE_HINT = '  → Keep images inside the site folder, next to the page (the path is relative to the markdown file); a symbolic link must point inside the site folder too.';

/** The second guide showing one image at line 10 (the line the fixtures use). */
function pageWithImage(href: string): string {
  return `---\ndescription: The second guide.\ntags: [lora, LoRA]\n---\n\n# Second guide\n\n## Deep section\n\n![An image](${href})\n`;
}

/** Removes the folders a test made, whatever happened. */
function cleanup(t: { after: (fn: () => void) => void }, ...dirs: string[]): void {
  t.after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
}

/** A real PNG of the given size (one grey pixel row per line), with correct chunk checksums. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('an image path that climbs out of the site (../../etc/passwd) fails at its line', async () => {
  const message = await failure(caseSite('image-outside-site'));
  assert.equal(message, `${PAGE}:10: Image "../../../../../../../../../../../../etc/passwd" is outside the site folder (after following symbolic links).\n${OUTSIDE_HINT}`);
});

test('an image path to a readable file outside the site folder fails and publishes nothing of it', async (t) => {
  const outside = tempDir('pagewright-secret-');
  const site = fixtureWith();
  cleanup(t, outside, site);
  writeFileSync(join(outside, 'environ.png'), 'CI_TOKEN=secret-value');
  const href = relative(join(site, 'content/docs/guides'), join(outside, 'environ.png'));
  writeFileSync(join(site, PAGE), pageWithImage(href));
  const message = await failure(site);
  assert.equal(message, `${PAGE}:10: Image "${href}" is outside the site folder (after following symbolic links).\n${OUTSIDE_HINT}`);
});

test('an image symlink inside the site that points outside it fails', async (t) => {
  const outside = tempDir('pagewright-secret-');
  const site = fixtureWith({ [PAGE]: pageWithImage('./shot.png') });
  cleanup(t, outside, site);
  writeFileSync(join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  symlinkSync(join(outside, 'passwd'), join(site, 'content/docs/guides/shot.png'));
  const message = await failure(site);
  assert.equal(message, `${PAGE}:10: Image "./shot.png" is outside the site folder (after following symbolic links).\n${OUTSIDE_HINT}`);
});

test('an image path to /dev/zero fails at once, without reading the device', { timeout: 60_000 }, async () => {
  const message = await failure(caseSite('image-device'));
  assert.match(message, /^content\/docs\/guides\/2-second\.md:10: Image "[./]+dev\/zero" is outside the site folder/);
});

test('a named pipe inside the site named as image fails without being opened', { timeout: 60_000 }, async (t) => {
  const site = fixtureWith({ [PAGE]: pageWithImage('./shot.png') });
  cleanup(t, site);
  // Opening a pipe with no writer would block the build for ever: the check must come first.
  execFileSync('mkfifo', [join(site, 'content/docs/guides/shot.png')]);
  const message = await failure(site);
  assert.equal(message, `${PAGE}:10: Image "./shot.png" is not a regular file (a device, a pipe or a socket).\n`
    + '  → Name an image file (PNG, JPEG, GIF, WebP, AVIF or SVG).');
});

test('a folder named as image fails with file and line, not an EISDIR stack', async () => {
  const message = await failure(caseSite('image-folder'));
  assert.equal(message, `${PAGE}:10: Image "../reference" is a folder, not an image file.\n`
    + '  → Name the image file itself, for example "./img/diagram.svg".');
});

test('an image over the size limit fails before it is read', async (t) => {
  const site = fixtureWith({ [PAGE]: pageWithImage('./huge.png') });
  cleanup(t, site);
  const fd = openSync(join(site, 'content/docs/guides/huge.png'), 'w');
  ftruncateSync(fd, 21 * 1024 * 1024); // sparse: nothing to read but its size
  closeSync(fd);
  const message = await failure(site);
  assert.equal(message, `${PAGE}:10: Image "./huge.png" is 21.0 MB, more than the 20.0 MB a file of the site may have.\n`
    + '  → Compress or scale the image down (or link to a large video on its own host).');
});

test('a script named as image (evil.js) is not published on the site', async () => {
  const message = await failure(caseSite('image-script'));
  assert.match(message, /^content\/docs\/guides\/2-second\.md:10: Image "\.\/evil\.js" has the extension "\.js", which is not an image or media type the site publishes\.\n {2}→ Use one of: \.png, .*\.svg/);
});

test('an HTML page named as image (evil.html) is not published on the site', async () => {
  const message = await failure(caseSite('image-html'));
  assert.match(message, /^content\/docs\/guides\/2-second\.md:10: Image "\.\/evil\.html" has the extension "\.html", which is not an image/);
});

test('a text file named .png fails instead of getting a size read from its text', async () => {
  const message = await failure(caseSite('image-text-as-png'));
  assert.equal(message, `${PAGE}:10: Image "./chart.png" is named ".png" but is not a PNG file (its first bytes are not a PNG signature).\n`
    + '  → Export the image again as a real PNG file, or give it the extension of its actual type.');
});

test('an SVG with a <script> element fails the build', async () => {
  const message = await failure(caseSite('svg-script'));
  assert.equal(message, `${PAGE}:10: Image "./flow.svg" is an SVG with a <script> element, which could run script or load other files on the site's origin.\n`
    + '  → Remove it: a diagram needs no script, event handler or outside reference. Export the drawing again as plain SVG, or use a PNG.');
});

test('an SVG with an onload= event handler fails the build', async () => {
  const message = await failure(caseSite('svg-onload'));
  assert.match(message, /^content\/docs\/guides\/2-second\.md:10: Image "\.\/flow\.svg" is an SVG with an event-handler attribute onload="…" on <svg>, which could run script/);
});

test('SVGs that could run script or reach outside themselves are rejected; plain drawings pass', () => {
  const svg = (inner: string, rootAttributes = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${rootAttributes}>${inner}</svg>`);
  const bad: [string, Buffer][] = [
    ['script in another case and prefix', svg('<svg:SCRIPT>alert(1)</svg:SCRIPT>')],
    ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['XHTML namespace', svg('<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="#x"/>')],
    ['javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['entity-encoded javascript: link', svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>')],
    ['data:text/html link', svg('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a>')],
    ['external image', svg('<image href="https://tracker.example.com/pixel.png" width="1" height="1"/>')],
    ['external use', svg('<use href="other.svg#icon"/>')],
    ['iframe', svg('<iframe src="#x"/>')],
    ['embed', svg('<embed src="#x"/>')],
    ['object', svg('<object data="#x"/>')],
    ['animated href', svg('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>')],
    ['onclick on a shape', svg('<rect width="1" height="1" onclick="alert(1)"/>')],
    ['style element loading a URL', svg('<style>rect { fill: url(https://example.com/x.svg#p) }</style>')],
    ['style element with @import', svg('<style>@import "https://example.com/x.css";</style>')],
    ['style attribute with a CSS escape', svg('<rect style="fill: \\75rl(https://example.com/x)"/>')],
    ['xml-stylesheet instruction', Buffer.from(`<?xml-stylesheet href="https://example.com/x.css"?>${svg('').toString()}`)],
    ['entity declaration', Buffer.from(`<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]>${svg('<text>&s;</text>').toString()}`)],
    ['not an SVG at all', Buffer.from('<html><body><script>alert(1)</script></body></html>')],
    ['not text', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x00, 0xff, 0xfe])],
  ];
  for (const [name, content] of bad) {
    assert.throws(() => checkSvg(content, 'x.svg'), AssetRejected, name);
  }
  const good = svg('<defs><clipPath id="c"><rect width="5" height="5"/></clipPath><linearGradient id="g"><stop offset="0"/></linearGradient></defs>'
    + '<rect width="5" height="5" fill="url(#g)" clip-path="url(#c)" style="stroke: url(#g)"/><use xlink:href="#c"/><a href="#c"><text>t</text></a>'
    + '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>', ' viewBox="0 0 10 10"');
  assert.deepEqual(checkSvg(good, 'x.svg').viewBox, '0 0 10 10');
});

test('every SVG of the real site passes the SVG check', () => {
  const svgs = ['content', 'assets'].flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.svg')).map((path) => join(ROOT, dir, path)));
  assert.ok(svgs.length > 40, `found ${svgs.length} SVGs`);
  for (const path of svgs) assert.doesNotThrow(() => checkSvg(readFileSync(path), relative(ROOT, path)), path);
});

test('each allowed type is checked by its signature, and only a verified PNG or SVG gets a size', () => {
  const pad = (bytes: number[] | string, length = 32) => {
    const head = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
    return Buffer.concat([head, Buffer.alloc(Math.max(0, length - head.length))]);
  };
  const valid: [string, Buffer][] = [
    ['.jpg', pad([0xff, 0xd8, 0xff, 0xe0])],
    ['.gif', pad('GIF89a')],
    ['.webp', pad('RIFF\x10\x00\x00\x00WEBPVP8 ')],
    ['.avif', pad('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf')],
    ['.avif', pad('\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf')],
    ['.mp4', pad('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2')],
    ['.webm', pad([0x1a, 0x45, 0xdf, 0xa3])],
    ['.mp3', pad('ID3\x04')],
    ['.ogg', pad('OggS\x00\x02')],
    ['.ico', pad([0, 0, 1, 0, 1, 0])],
  ];
  for (const [extension, content] of valid) assert.deepEqual(checkImage(content, extension, `x${extension}`), {}, extension);
  assert.deepEqual(checkImage(png(3, 2), '.png', 'x.png'), { width: 3, height: 2 });
  const text = pad('Plain text pretending to be an image, long enough to have a "size".', 64);
  for (const extension of ['.png', '.jpg', '.gif', '.webp', '.avif', '.mp4', '.webm', '.mp3', '.ogg', '.ico']) {
    assert.throws(() => checkImage(text, extension, `x${extension}`), AssetRejected, extension);
  }
  // An ISO media file of another brand (a QuickTime movie) is no AVIF.
  assert.throws(() => checkImage(pad('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  '), '.avif', 'x.avif'), AssetRejected);
});

test('a logo in site.yml outside the site folder fails at its line in site.yml', async () => {
  const message = await failure(caseSite('site-image-outside-site'));
  assert.equal(message, 'content/site.yml:6: The logo image "assets/../../../../../../../../../../etc/passwd" is outside the site folder (after following symbolic links).\n'
    + OUTSIDE_HINT);
});

test('the helper thread of large builds confines images the same way', async (t) => {
  // The helper renders the later docs (lib/pipeline.ts): the last one of the fixture shows the image.
  const last = 'content/docs/reference/0-things/1-create.md';
  const source = readFileSync(join(BASIC_FIXTURE, last), 'utf8');
  const site = fixtureWith({ [last]: `${source}\n![Secrets](../../../../../../../../../../../../etc/passwd)\n` });
  const out = join(tempDir('pagewright-out-'), 'dist');
  cleanup(t, site, dirname(out));
  await assert.rejects(buildSite({ root: ROOT, siteDir: site, outDir: out, helperThread: true }),
    (error: Error) => error.message.startsWith(`${last}:${source.split('\n').length + 1}: Image "../../../../../../../../../../../../etc/passwd" is outside the site folder`));
});

test('a real PNG and SVG next to the page still publish, with their width and height', async (t) => {
  const site = fixtureWith({ [PAGE]: `${pageWithImage('./chart.png')}\n![A diagram](./diagram.svg)\n` });
  cleanup(t, site);
  const image = png(3, 2);
  writeFileSync(join(site, 'content/docs/guides/chart.png'), image);
  const { outDir } = await buildInto(site);
  cleanup(t, dirname(outDir));
  const body = pageBody(outDir, '/docs/guides/second/');
  const pngSrc = /<img src="\/(assets\/images\/chart\.[\w-]+\.png)" alt="An image" width="3" height="2"/.exec(body)?.[1];
  assert.ok(pngSrc, body);
  assert.deepEqual(readFileSync(join(outDir, pngSrc)), image);
  assert.match(body, /<img src="\/assets\/images\/diagram\.[\w-]+\.svg" alt="A diagram" width="200" height="100"/);
});

test('an image path in an indented code block is left as written in the markdown twin, and no file is copied for it', async (t) => {
  const outside = tempDir('pagewright-secret-');
  const site = fixtureWith();
  cleanup(t, outside, site);
  writeFileSync(join(outside, 'secret.png'), png(1, 1));
  const href = relative(join(site, 'content/docs/guides'), join(outside, 'secret.png'));
  writeFileSync(join(site, PAGE), `${pageWithImage('./diagram.svg')}\nAn example of markdown:\n\n    ![Example](${href})\n`);
  const { outDir } = await buildInto(site);
  cleanup(t, dirname(outDir));
  assert.deepEqual(readdirSync(join(outDir, 'assets/images')).filter((name) => name.startsWith('secret')), []);
  const twin = readFileSync(join(outDir, 'docs/guides/second/index.md'), 'utf8');
  assert.ok(twin.includes(`    ![Example](${href})`), twin);
  assert.match(twin, /!\[An image\]\(https:\/\/fixture\.example\.com\/assets\/images\/diagram\.[\w-]+\.svg\)/);
});

/** A GET's status and headers. */
function head(url: string): Promise<{ status: number; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function svgAsset(outDir: string): string {
  const name = readdirSync(join(outDir, 'assets/images')).find((file) => file.endsWith('.svg'));
  assert.ok(name, 'the fixture publishes an SVG');
  return `/assets/images/${name}`;
}

test('npm run serve (serve.json) sends SVGs the restrictive policy, and pages keep theirs', async (t) => {
  const serveHandler = createRequire(import.meta.url)('serve-handler') as (req: IncomingMessage, res: ServerResponse, config: object) => Promise<void>;
  const config = { ...JSON.parse(readFileSync(join(previousDist, 'serve.json'), 'utf8')) as object, public: previousDist };
  const server = createServer((req, res) => void serveHandler(req, res, config));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const svg = await head(`${origin}${svgAsset(previousDist)}`);
  assert.equal(svg.status, 200);
  assert.equal(svg.headers['content-security-policy'], SVG_POLICY);
  const page = await head(`${origin}/docs/guides/first/`);
  assert.equal(page.status, 200);
  assert.match(String(page.headers['content-security-policy']), /^default-src 'self'; script-src 'self'/);
});

test('the server of npm start sends SVGs the restrictive policy', async (t) => {
  const site = await serve(previousDist);
  t.after(() => site.close());
  const svg = await head(`${site.url}${svgAsset(previousDist)}`);
  assert.equal(svg.status, 200);
  assert.equal(svg.headers['content-security-policy'], SVG_POLICY);
  assert.match(SVG_POLICY, /sandbox/);
  assert.match(SVG_POLICY, /default-src 'none'/);
});
