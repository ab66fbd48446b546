import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { descendantsOf, signalTree } from '../../shared/process-tree.js';
import { isUnixSocket } from '../../shared/socket-path.js';

/** Codex 0.171 listens within a second here; a loaded machine gets much longer before we give up. */
const LISTEN_TIMEOUT_MS = 30_000;
const LISTEN_POLL_MS = 25;
/** After SIGTERM, how long the server and what it started get before SIGKILL. */
const STOP_GRACE_MS = 3_000;

export interface AppServerStart {
  readonly codex: string;
  /** `unix://PATH` is where it listens; Codex makes PATH a symlink to its own socket in /tmp/codex-daemon-<uid>. */
  readonly socketPath: string;
  /** The project: the server's working directory. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The user's `-c`, `--enable` and `--disable` options, which configure the server (the TUI only draws). */
  readonly configArgs: readonly string[];
  /** Receives the server's stderr (its log), which must not reach the terminal the TUI draws on. */
  readonly logPath: string;
}

/** A running `codex app-server`, started and owned by this launcher. */
export interface AppServer {
  readonly pid: number | undefined;
  /** True once the process has exited. */
  readonly exited: () => boolean;
  /** Ends the server and every process of its group; resolves once it exited. Idempotent. */
  stop(): Promise<void>;
}

/** The server did not start listening; `log` is the end of what it wrote. */
export class AppServerStartError extends Error {
  override readonly name = 'AppServerStartError';
}

/**
 * Starts `codex app-server --listen unix://PATH` in a process group of its
 * own, so the terminal's signals (Ctrl-C while the TUI is not in raw mode)
 * reach the TUI and not the server under it, and resolves once PATH is a
 * listening socket. Rejects with AppServerStartError when the server exits
 * first or does not listen in time; the server is stopped then.
 */
export async function startAppServer(start: AppServerStart): Promise<AppServer> {
  const log = openSync(start.logPath, 'a', 0o600);
  let child: ChildProcess;
  try {
    child = spawn(start.codex, ['app-server', ...start.configArgs, '--listen', `unix://${start.socketPath}`], {
      cwd: start.cwd,
      env: start.env,
      stdio: ['ignore', 'ignore', log],
      detached: true,
    });
  } finally {
    closeSync(log);
  }
  const server = ownServer(child);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  while (!isUnixSocket(start.socketPath)) {
    const failed = await Promise.race([spawnError, sleep(LISTEN_POLL_MS).then(() => null)]);
    if (failed !== null) throw new AppServerStartError(`cannot start ${start.codex} app-server: ${failed.message}`);
    if (server.exited() || Date.now() > deadline) {
      await server.stop();
      const why = server.exited() ? 'exited before it listened' : `did not listen within ${LISTEN_TIMEOUT_MS / 1000} s`;
      throw new AppServerStartError(`${start.codex} app-server ${why}${logTail(start.logPath)}`);
    }
  }
  return server;
}

function ownServer(child: ChildProcess): AppServer {
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', () => {
    if (child.pid === undefined) exited = true;
  });
  let stopping: Promise<void> | null = null;
  return {
    pid: child.pid,
    exited: () => exited,
    stop() {
      stopping ??= (async () => {
        const pid = child.pid;
        if (pid === undefined || exited) return;
        // Taken before the signal: once the server is gone, what it started (MCP servers, sandbox
        // helpers in sessions of their own) belongs to init and can no longer be found below it.
        const started = descendantsOf(pid);
        signalTree(pid, 'SIGTERM');
        const ended = await settlesWithin(gone, STOP_GRACE_MS);
        // Only a server that ignored SIGTERM is forced; a pid that already exited may belong to someone else by now.
        if (!ended) for (const target of [pid, ...started]) killQuietly(target, 'SIGKILL');
        await gone;
      })();
      return stopping;
    },
  };
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

/** The last lines the server logged, for an error message ('' when there are none). */
function logTail(path: string): string {
  try {
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim())
      .filter((line) => line !== '');
    return lines.length === 0 ? '' : `; it said: ${lines.slice(-3).join(' / ').slice(0, 600)}`;
  } catch {
    return '';
  }
}

/** True when `promise` settles within `ms`; the timer never outlives the answer (it would hold the launcher's exit). */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
