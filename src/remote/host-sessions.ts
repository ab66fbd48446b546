import { PadLatticeClient } from '../client/index.js';
import type { HostNamespace } from './host-namespace.js';

/**
 * Rounds of `status` + `session_end`. A `status` that would not fit one line
 * leaves sessions out (wire status-fit.ts); each round ends what it lists,
 * so the next one lists the rest. A host with more sessions than this many
 * full lines hold keeps the rest until their TTL.
 */
const MAX_ROUNDS = 8;

/**
 * Takes every session of one host off the pad: each whose backend carries the
 * host's namespace, leased or not. Closing the relayed connections ends only
 * the leased ones (and the subscriptions); a session reported without a lease
 * (`send-state`, the reference client, a hook) would otherwise stay, still
 * showing "waiting for approval", until its TTL. `session_end` ends a session
 * whatever its lease. Resolves with how many sessions it ended.
 */
export async function endHostSessions(daemonSocket: string, namespace: HostNamespace): Promise<number> {
  const client = new PadLatticeClient({ socketPath: daemonSocket });
  let ended = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const owned = (await client.status()).sessions.filter((session) => namespace.owns(session.identity.backend));
    if (owned.length === 0) break;
    for (const session of owned) await client.endSession(session.identity);
    ended += owned.length;
  }
  return ended;
}
