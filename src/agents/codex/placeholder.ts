import { makeIdentity, type AgentIdentity } from '../../domain/index.js';

/**
 * Interactive Codex reports its session id only with the first prompt (its
 * SessionStart hook fires then), so `pad-lattice codex` would show nothing
 * until the user types. The launcher therefore names a placeholder on its
 * lease from the start: the same backend, and a session id made from the
 * lease id with a `starting-` prefix, which no Codex session id has. The
 * session shows at once, `waiting_for_reply`, with the launcher's label. The
 * first SessionStart hook ends the placeholder before it reports the real
 * identity, so the real session takes the freed Scene (and the selection,
 * when it is the only session) instead of appearing beside it.
 */
export function placeholderIdentity(leaseId: string): AgentIdentity {
  return makeIdentity('codex', `starting-${leaseId}`);
}
