import { makeIdentity, type AgentIdentity } from '../../domain/index.js';
import { endQuietly } from './hook-report.js';
import { LAUNCHER_ENV } from './launcher-env.js';

/**
 * The session a launcher names on its lease until the agent reports its own
 * (agents that start their session only with the first prompt): the agent's
 * backend and `starting-<lease id>`, which no agent's session id looks like.
 * The launcher passes its id in PAD_LATTICE_PLACEHOLDER_SESSION_ID.
 */
export function placeholderIdentity(backend: string, leaseId: string): AgentIdentity {
  return makeIdentity(backend, `starting-${leaseId}`);
}

/**
 * Ends the placeholder before the real session is reported with the lease
 * id, so the real one takes over its Scene (and the selection) instead of
 * appearing beside it. Nothing when the launcher named none.
 */
export async function endPlaceholder(socketPath: string, backend: string, env: NodeJS.ProcessEnv): Promise<void> {
  const sessionId = env[LAUNCHER_ENV.placeholder];
  if (sessionId === undefined || sessionId === '') return;
  await endQuietly(socketPath, makeIdentity(backend, sessionId));
}
