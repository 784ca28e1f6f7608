// The production preview (`npm run serve`): the `serve` package on dist/ with the dist/serve.json the
// build writes, so the browser figures see the compression, clean URLs and headers readers get.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

export interface Preview {
  url: string;
  close(): Promise<void>;
}

/** A free loopback port: bind to 0, read the port, let it go (serve is told not to switch ports). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The `serve` bin as package.json names it, so a layout change in the package does not break us. */
function serveBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('serve/package.json');
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (bin.serve ?? 'build/main.js'));
}

export async function startPreview(distDir: string): Promise<Preview> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serveBin(), '-l', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-port-switching', '--no-request-logging', distDir],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  // Poll until it answers: serve prints its banner through boxen, not a line worth parsing.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve stopped before answering: ${stderr.trim()}`);
    try {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.ok) return { url, close };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`serve did not answer on ${url} within 15 s. ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
