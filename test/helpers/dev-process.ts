// `npm start` as a child process for the tests: dev.ts (this project's, or a generator copy's) with
// the given arguments, in a process group of its own so that stopping it also stops the build
// worker it forks. Waits go on what the process prints or on its exit, never on elapsed time.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './site.ts';

export interface DevProcess {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Only stderr, for the "one line, no stack" checks. */
  errors(): string;
  /** Resolves when `pattern` matches the output printed from `from` on (an index into output()). */
  waitForOutput(pattern: RegExp, from?: number): Promise<RegExpMatchArray>;
  /** The exit code (or the signal's name), once the process has ended. */
  exited: Promise<number | string>;
  /** Ends the process and its build worker (the whole group); resolves once dev.ts has exited. */
  stop(): Promise<void>;
}

export function startDev(args: string[], options: { generator?: string; env?: NodeJS.ProcessEnv } = {}): DevProcess {
  const generator = options.generator ?? ROOT;
  const child = spawn(process.execPath, ['--import', 'tsx', join(generator, 'dev.ts'), ...args], {
    cwd: generator,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, PORT: undefined, ...options.env },
  });
  let output = '';
  let errors = '';
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    changed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
    changed();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      changed();
    });
  });
  const done = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    errors: () => errors,
    exited,
    waitForOutput(pattern, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.slice(from).match(pattern);
          if (match) {
            waiters.delete(check);
            resolve(match);
          } else if (done()) {
            waiters.delete(check);
            reject(new Error(`dev.ts ended before printing ${pattern}:\n${output}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.pid !== undefined && !done()) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // The group is already gone.
        }
        await exited;
      }
      if (child.pid !== undefined) await groupGone(child.pid);
    },
  };
}

/** Whether any process of the group `pgid` still runs. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves once every process of the group has ended (the build worker ends a moment after
 * dev.ts); after 10 s it kills what is left and rejects, so a worker that outlives dev.ts fails the
 * test instead of lingering.
 */
export async function groupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) {
      process.kill(-pgid, 'SIGKILL');
      throw new Error(`A process of dev.ts's group ${pgid} (its build worker) outlived it.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
