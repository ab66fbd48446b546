import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WireClient } from './wire-client.js';

/** The built CLI, for tests that run the daemon as its own process (as users and agents do). */
export const CLI = join(fileURLToPath(new URL('../../../', import.meta.url)), 'dist/src/cli/main.js');

export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx tsc -p tsconfig.json; npm test does this)`);
}

export interface SpawnedDaemon {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
}

export interface SpawnOptions {
  /** `daemon` (default) or `web`. */
  readonly command?: 'daemon' | 'web';
  /** Runs node under these, e.g. ['prlimit', '--nofile=256']. */
  readonly wrapper?: readonly string[];
}

/** `pad-lattice daemon --socket PATH --identity-store DIR/ids.json [extra…]` as its own process; the caller kills it. */
export function spawnCliDaemon(path: string, dir: string, extra: readonly string[] = [], options: SpawnOptions = {}): SpawnedDaemon {
  requireBuiltCli();
  const [program, ...args] = [...(options.wrapper ?? []), process.execPath, CLI, options.command ?? 'daemon'];
  const child = spawn(program!, [...args, '--socket', path, '--identity-store', join(dir, 'ids.json'), ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has everything the child wrote on its pipes been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** True when a fresh connection to `path` gets a pong for a ping. */
export async function answersPing(path: string): Promise<boolean> {
  try {
    const client = await WireClient.connect(path);
    const reply = await client.request({ protocol: 1, type: 'ping' });
    client.destroy();
    return reply['type'] === 'pong';
  } catch {
    return false;
  }
}
