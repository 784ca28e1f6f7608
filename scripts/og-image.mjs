#!/usr/bin/env node
// Renders the site's default Open Graph / link-preview image, assets/img/og-default.png, from
// assets/img/og-default.svg. Link previews (social networks, chat apps) need a raster image: most
// of them ignore SVG in og:image. The PNG is committed; when the SVG changes, regenerate it with
// "node scripts/og-image.mjs" and commit both. Needs Debian's Chromium at /usr/bin/chromium.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WIDTH = 1200;
const HEIGHT = 630;
const svgPath = fileURLToPath(new URL('../assets/img/og-default.svg', import.meta.url));
const pngPath = fileURLToPath(new URL('../assets/img/og-default.png', import.meta.url));

const svg = await readFile(svgPath, 'utf8');
const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; overflow: hidden; background: #fff; }
body > svg { display: block; width: ${WIDTH}px; height: ${HEIGHT}px; }
</style></head><body>${svg}</body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'load' });
  const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
  await writeFile(pngPath, png);
  console.log(`Wrote ${pngPath} (${png.length} bytes, ${WIDTH}×${HEIGHT}).`);
} finally {
  await browser.close();
}
