import type { StdioOptions } from 'node:child_process';
import type { AgentIdentity } from '../../domain/index.js';
import { runAgentChild, spawnFailureText, type SignalSource } from './agent-child.js';
import { LAUNCHER_ENV } from './launcher-env.js';
import { LauncherLease } from './launcher-lease.js';
import type { LauncherTitle } from './launcher-title.js';
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
}

/**
 * Holds the session lease for exactly the child's lifetime (§A.7 steps 4–8,
 * §B.8.1 steps 6–10): start the lease, give it 0.25 s, warn if the daemon is
 * not there (the agent starts anyway), run the child, put the title back,
 * release the lease, and return the child's status. A child that cannot
 * start ends with one `pad-lattice:` line naming it and the option that
 * names another executable, and status 1.
 */
export async function runLeasedChild(run: LeasedChildRun): Promise<number> {
  const title = run.title;
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
    });
    if (outcome.kind === 'spawn_failed') {
      noteOnStderr(run.stderr, spawnFailureText(run.command, outcome.error, run.executableOption));
      return 1;
    }
    return outcome.status;
  } finally {
    await lease.close();
    title?.restore();
  }
}
