// Real Chromium for the browser tests: Debian's binary driven by playwright-core, and the site
// served by our own static server on a free loopback port.
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer } from '../../lib/static-server.ts';

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
