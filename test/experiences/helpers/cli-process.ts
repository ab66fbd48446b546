import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../../dist/src/cli/main.js', import.meta.url));

/** A `pad-lattice` process started from the build, with what it printed so far. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** The admin link it printed (`Virtual pad: …`), once it has. */
  adminUrl(timeoutMs?: number): Promise<URL>;
}

const running: ChildProcess[] = [];

/** Runs `node dist/src/cli/main.js …args`; `npm run build` must have run. */
export function startCli(args: readonly string[]): CliProcess {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has everything the child wrote on its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    async adminUrl(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /^Virtual pad: (\S+)$/m.exec(stdout);
        if (match !== null) return new URL(match[1]!);
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no admin link printed\nstdout: ${stdout}\nstderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Kills whatever a test left running (after a failure). */
export function killLeftovers(): void {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The admin token in an admin link's fragment (web-surface-protocol-1.md §4). */
export const adminToken = (url: URL) => new URLSearchParams(url.hash.slice(1)).get('admin') ?? '';
