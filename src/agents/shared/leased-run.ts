import type { ChildProcess, StdioOptions } from 'node:child_process';
import { sameIdentity, type AgentIdentity } from '../../domain/index.js';
import { runAgentChild, spawnFailureText, type SignalSource } from './agent-child.js';
import type { HookEntry } from './hook-command.js';
import { LAUNCHER_ENV } from './launcher-env.js';
import { LauncherLease } from './launcher-lease.js';
import type { LauncherTitle } from './launcher-title.js';
import { finalStateOf, handOverLinger, replaceLingering } from './linger.js';
import { noteOnStderr } from './never-harm.js';

export { LAUNCHER_ENV };

/**
 * The child's environment (§A.7 step 5, §B.8.1 step 7): the launcher's own,
 * plus lease id and socket, with any inherited label, title flag or
 * placeholder removed, so a launcher started from inside another agent never
 * reuses stale values. Agent-specific variables are the caller's to add.
 */
export function launcherChildEnv(
  base: NodeJS.ProcessEnv,
  settings: { readonly leaseId: string; readonly socket: string; readonly label: string | null },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  delete env[LAUNCHER_ENV.label];
  delete env[LAUNCHER_ENV.terminalTitle];
  delete env[LAUNCHER_ENV.placeholder];
  env[LAUNCHER_ENV.leaseId] = settings.leaseId;
  env[LAUNCHER_ENV.socket] = settings.socket;
  if (settings.label !== null) env[LAUNCHER_ENV.label] = settings.label;
  return env;
}

/** Lease metadata: the launcher's working directory, and the label when given (§A.7 step 4). */
export function leaseMetadata(cwd: string, label: string | null): Record<string, string> {
  return label === null ? { cwd } : { cwd, label };
}

export interface LeasedChildRun {
  /** Where the lease connects. */
  readonly socketPath: string;
  readonly leaseId: string;
  readonly metadata: Readonly<Record<string, string>>;
  /** The identity the lease names from its first registration on, so the session shows before the agent reports. */
  readonly agent?: AgentIdentity;
  readonly command: string;
  /** The launcher option naming `command` (`--codex`, `--claude`), for the message when it cannot start. */
  readonly executableOption: string;
  readonly args: readonly string[];
  /** The complete child environment. */
  readonly env: NodeJS.ProcessEnv;
  /** The warning printed (as `pad-lattice: <text>`) when the first lease attempt did not connect. */
  readonly unavailableNote: string;
  readonly stderr: NodeJS.WritableStream;
  /** The launcher-owned terminal title: retitled by every session the lease reports, restored when the child exits. */
  readonly title?: LauncherTitle;
  readonly stdio?: StdioOptions;
  readonly signals?: SignalSource;
  readonly leaseRetryMs?: number;
  /** Sees the child right after it started (the Codex launcher follows it through its app-server). */
  readonly onSpawn?: (child: ChildProcess) => void;
  /** Runs once the child exited, while the lease is still held: the caller's own cleanup. */
  readonly afterExit?: () => Promise<void>;
  /** Keeps the ended session on the pad for a while, showing how the child ended (linger.ts); absent: it leaves at once. */
  readonly linger?: LeasedLinger;
}

export interface LeasedLinger {
  readonly seconds: number;
  /** The helper program (linger-main.js). */
  readonly entry: HookEntry;
  /** The marker of this agent's lingering session (lingerMarkerPath); a previous one is replaced when the child starts. */
  readonly markerPath: string;
}

/**
 * Holds the session lease for exactly the child's lifetime (§A.7 steps 4–8,
 * §B.8.1 steps 6–10): start the lease, give it 0.25 s, warn if the daemon is
 * not there (the agent starts anyway), run the child, put the title back,
 * release the lease, and return the child's status. A child that cannot
 * start ends with one `pad-lattice:` line naming it and the option that
 * names another executable, and status 1. With `linger`, a previous run's
 * lingering session leaves first, and this one's stays after the child
 * exited: success, error or cancelled, for `linger.seconds`.
 */
export async function runLeasedChild(run: LeasedChildRun): Promise<number> {
  const title = run.title;
  if (run.linger !== undefined) await replaceLingering(run.linger.markerPath, run.socketPath);
  const lease = LauncherLease.start({
    socketPath: run.socketPath,
    leaseId: run.leaseId,
    metadata: run.metadata,
    ...(run.agent === undefined ? {} : { agent: run.agent }),
    ...(title === undefined ? {} : { onSession: (session) => title.update(session) }),
    ...(run.leaseRetryMs === undefined ? {} : { retryMs: run.leaseRetryMs }),
  });
  try {
    if (!(await lease.firstAttemptConnected())) noteOnStderr(run.stderr, run.unavailableNote);
    const outcome = await runAgentChild({
      command: run.command,
      args: run.args,
      env: run.env,
      ...(run.stdio === undefined ? {} : { stdio: run.stdio }),
      ...(run.signals === undefined ? {} : { signals: run.signals }),
      ...(run.onSpawn === undefined ? {} : { onSpawn: run.onSpawn }),
    });
    await run.afterExit?.();
    if (outcome.kind === 'spawn_failed') {
      noteOnStderr(run.stderr, spawnFailureText(run.command, outcome.error, run.executableOption));
      return 1;
    }
    const identity = lease.identity;
    // A placeholder that never became a real session has nothing to show.
    if (run.linger !== undefined && run.linger.seconds > 0 && identity !== null && !(run.agent !== undefined && sameIdentity(identity, run.agent))) {
      const plan = {
        socketPath: run.socketPath,
        identity: { backend: identity.backend, sessionId: identity.sessionId },
        state: finalStateOf(outcome.status, outcome.signal),
        seconds: run.linger.seconds,
        metadata: { ...run.metadata },
        markerPath: run.linger.markerPath,
      };
      await handOverLinger(plan, run.linger.entry);
    }
    return outcome.status;
  } finally {
    await lease.close();
    title?.restore();
  }
}
