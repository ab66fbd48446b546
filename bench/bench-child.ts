import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../src/support/package-info.js';
import type { ChildReport, ChildRequest, ChildRole } from './child-messages.js';
import type { FrameRecord } from './frame-log.js';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * The compiled child entry. From dist/ it sits next to this module; when the
 * bench runs from source (vitest transforms TypeScript in its own process
 * only, and Node 20 cannot run .ts), the child comes from the build, as the
 * other process tests' daemons do.
 */
function childEntry(): string {
  const sibling = fileURLToPath(new URL('./child-main.js', import.meta.url));
  if (existsSync(sibling)) return sibling;
  const built = join(PACKAGE_ROOT, 'dist', 'bench', 'child-main.js');
  if (existsSync(built)) return built;
  throw new Error(`the bench runs its daemon in a child process from the build: run "npm run build" first (${built} is missing)`);
}

/** A bench server (daemon or echo) in its own Node process, spoken to over IPC only before and after measuring. */
export class BenchChild {
  readonly socketPath: string;
  /** The daemon's control-plane revision when it became ready. */
  readonly revision: number;
  readonly #process: ChildProcess;
  readonly #exited: Promise<void>;

  private constructor(child: ChildProcess, exited: Promise<void>, ready: { socketPath: string; revision: number }) {
    this.#process = child;
    this.#exited = exited;
    this.socketPath = ready.socketPath;
    this.revision = ready.revision;
  }

  static async start(role: ChildRole): Promise<BenchChild> {
    const child = fork(childEntry(), [...role], {
      // The parent's own flags (vitest's among them) are not the child's business.
      execArgv: [],
      // Structured clone carries the bigint time stamps.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const first = await nextReport(child, START_TIMEOUT_MS, () => stderr);
      if (first.type !== 'ready') throw new Error(`bench child (${role.join(' ')}) did not start: ${describe(first)}`);
      return new BenchChild(child, exited, first);
    } catch (error) {
      child.kill();
      throw error;
    }
  }

  /** The child's process id, for its CPU time (process-cpu.ts). */
  get pid(): number | undefined {
    return this.#process.pid;
  }

  /** Every frame the daemon's port has seen so far. */
  async frames(): Promise<readonly FrameRecord[]> {
    return (await this.#ask('frames')).frames;
  }

  /** Hands `message` to the daemon's counting input (a `counting-input` child), which stamps it as it delivers it; no reply. */
  press(message: readonly number[]): void {
    this.#process.send({ type: 'press', message } satisfies ChildRequest);
  }

  /** When the counting input delivered each press so far. */
  async presses(): Promise<readonly bigint[]> {
    return (await this.#ask('presses')).deliveredAt;
  }

  /** Asks the child for a report of the request's own type (`frames`, `presses`) and waits for it. */
  async #ask<T extends 'frames' | 'presses'>(type: T): Promise<Extract<ChildReport, { type: T }>> {
    const reply = nextReport(this.#process, START_TIMEOUT_MS, () => '');
    this.#process.send({ type } satisfies ChildRequest);
    const report = await reply;
    if (report.type !== type) throw new Error(`bench child: expected ${type}, got ${describe(report)}`);
    return report as Extract<ChildReport, { type: T }>;
  }

  /** Closing the channel tells the child to shut its server down and exit; a child that hangs is killed. */
  async stop(): Promise<void> {
    if (this.#process.connected) this.#process.disconnect();
    const timer = setTimeout(() => this.#process.kill(), STOP_TIMEOUT_MS);
    await this.#exited;
    clearTimeout(timer);
  }
}

function describe(report: ChildReport): string {
  return report.type === 'failed' ? report.message : `a ${report.type} report`;
}

/** The child's next report; rejects when it exits or stays silent for `timeoutMs`. */
function nextReport(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      done();
      resolve(message as ChildReport);
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`bench child exited (${signal ?? `code ${code}`}) ${stderr().trim()}`.trim()));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`bench child said nothing within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
