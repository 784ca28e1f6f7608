// Real Chromium for the browser tests: Debian's binary driven by playwright-core, and the site
// served by our own static server on a free loopback port.
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer } from '../../lib/dev/static-server.ts';
import { buildInto } from './site.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export async function serve(dir: string, baseUrl = '/'): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createStaticServer({ dir, baseUrl });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A built site served to Chromium for the tests of one file (filled in before they run). */
export interface SiteInChromium {
  browser: Browser;
  /** Origin of the static server: "http://127.0.0.1:PORT". */
  url: string;
  outDir: string;
}

/**
 * For a test file: builds the site, serves it and launches Chromium before its tests, and closes
 * both after them. Read the fields inside the tests (they are set in `before`).
 */
export function siteInChromium(siteDir: string): SiteInChromium {
  const live = {} as SiteInChromium;
  let server: { close: () => Promise<void> } | undefined;
  before(async () => {
    ({ outDir: live.outDir } = await buildInto(siteDir));
    const started = await serve(live.outDir);
    server = started;
    live.url = started.url;
    live.browser = await launchBrowser();
  });
  after(async () => {
    await live.browser?.close();
    await server?.close();
  });
  return live;
}
