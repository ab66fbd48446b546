import { readFileSync, realpathSync } from 'node:fs';

const POLL_MS = 50;
/** Without /proc (not Linux), the TUI gets this long to connect before Pad-Lattice does. */
const BLIND_WAIT_MS = 2_000;
/** `st` of a connected stream socket in /proc/net/unix (SS_CONNECTED). */
const CONNECTED = '03';

/** Codex's environment variable that fixes the originator of a process's model requests, whoever initializes first. */
const ORIGINATOR_OVERRIDE_VARIABLE = 'CODEX_INTERNAL_ORIGINATOR_OVERRIDE';
/** The client name Codex's TUI gives in its `initialize`, one of Codex's own originators. */
const TUI_ORIGINATOR = 'codex-tui';

/**
 * The app-server's environment: the originator is the TUI's even when
 * Pad-Lattice's `initialize` reaches the server first. untilFirstClient sees
 * the TUI connect, not its `initialize` arrive, and on a loaded machine the
 * two can be far enough apart for ours to win. An override the user set is
 * kept.
 */
export function withTuiOriginator(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env[ORIGINATOR_OVERRIDE_VARIABLE] ? env : { ...env, [ORIGINATOR_OVERRIDE_VARIABLE]: TUI_ORIGINATOR };
}

/**
 * Resolves once some client is connected to the server listening at
 * `socketPath` (through Codex's symlink), or when `stop` says to give up (the
 * TUI exited) or `timeoutMs` passed. Codex takes the client name of the
 * first `initialize` it receives as the `originator` of every model request
 * of the process, so Pad-Lattice connects only after the TUI did (and
 * withTuiOriginator covers the TUI's `initialize` still arriving later). Linux lists
 * the server side of each accepted connection in /proc/net/unix under the
 * listening path; elsewhere this waits a fixed moment.
 */
export async function untilFirstClient(socketPath: string, stop: () => boolean, timeoutMs: number): Promise<void> {
  const listening = realPath(socketPath);
  const deadline = Date.now() + timeoutMs;
  if (listening === null || readUnixTable() === null) {
    await sleep(Math.min(BLIND_WAIT_MS, timeoutMs));
    return;
  }
  while (!stop() && Date.now() < deadline) {
    if (hasConnection(readUnixTable() ?? '', listening)) return;
    await sleep(POLL_MS);
  }
}

/** True when the table (the text of /proc/net/unix) has a connected socket bound to `path`. */
export function hasConnection(table: string, path: string): boolean {
  return table.split('\n').some((line) => {
    const fields = line.trim().split(/\s+/);
    return fields.length >= 8 && fields[5] === CONNECTED && fields.slice(7).join(' ') === path;
  });
}

function readUnixTable(): string | null {
  try {
    return readFileSync('/proc/net/unix', 'utf8');
  } catch {
    return null;
  }
}

function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
