#!/usr/bin/env node
// Makes sure a Chromium is there for the browser tests: CHROME_PATH, else Debian's /usr/bin/chromium.
// When it is missing and we are root with apt-get, it installs Debian's `chromium` package;
// otherwise it stops at once and says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (process.env.CHROME_PATH || !isRoot || !hasApt) {
  console.error(
    `No Chromium at ${path}. The browser tests need one: install Debian's package with ` +
      '"sudo apt-get install chromium", or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log('No Chromium found: installing Debian\'s "chromium" package with apt-get (once per machine)…');
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
} catch {
  console.error('Installing chromium with apt-get failed. Install it by hand ("apt-get install chromium") or set CHROME_PATH.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing. Set CHROME_PATH to the Chromium binary.`);
  process.exit(1);
}
console.log(`Chromium installed at ${path}.`);
