import { PadLatticeClient, type ReportStateOptions } from '../../client/index.js';
import { sameIdentity, type AgentIdentity, type AgentState } from '../../domain/index.js';
import { LAUNCHER_ENV } from './launcher-env.js';
import { nonEmptyString } from './json-object.js';
import { NOTHING, withoutHarm } from './never-harm.js';

/** Bound of one fire-and-forget report, connect to finish (agent-adapters.md §1.3). */
const REPORT_TIMEOUT_MS = 2_000;

/**
 * What every state report of a launcher-scoped hook carries: the agent's
 * identity, `cwd` and the launcher's label as display metadata, and the
 * launcher's lease id, so the daemon binds the lease to this session.
 */
export function hookReportOptions(identity: AgentIdentity, cwd: string | null, env: NodeJS.ProcessEnv): ReportStateOptions & { readonly agent: AgentIdentity } {
  const metadata: Record<string, string> = {};
  if (cwd !== null) metadata['cwd'] = cwd;
  const label = nonEmptyString(env[LAUNCHER_ENV.label]);
  if (label !== null) metadata['label'] = label;
  return { agent: identity, metadata, leaseId: nonEmptyString(env[LAUNCHER_ENV.leaseId]) };
}

/** Reports a state; a daemon that is gone, slow or answers an error only means nothing is shown (§1.1). */
export async function reportQuietly(socketPath: string, state: AgentState, options: ReportStateOptions): Promise<void> {
  const client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  await withoutHarm(() => client.reportState(state, options), REPORT_TIMEOUT_MS);
}

/**
 * True when the pad lists the session already; false also when the daemon
 * could not be asked, so that a caller reporting only new sessions reports.
 */
export async function isOnPadQuietly(socketPath: string, identity: AgentIdentity): Promise<boolean> {
  const client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  const status = await withoutHarm(() => client.status(), REPORT_TIMEOUT_MS);
  return status !== NOTHING && status.sessions.some((session) => sameIdentity(session.identity, identity));
}

/** Ends a session on the pad, with the same tolerance. */
export async function endQuietly(socketPath: string, identity: AgentIdentity): Promise<void> {
  const client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  await withoutHarm(() => client.endSession(identity), REPORT_TIMEOUT_MS);
}
