import type { ConnectionId, ControlPlane } from '../control-plane/index.js';
import type { ClientMessage } from '../../wire/index.js';

/**
 * Why a connection that relays a remote host may not send `message`, or
 * null: it speaks only for agents and leases of that host (the relay puts
 * everything it forwards there), and its previews are not shown, because a
 * preview takes the whole pad and leaves no press to any local agent.
 */
export function relayRefusal(plane: ControlPlane, connection: ConnectionId, message: ClientMessage): string | null {
  const host = plane.relayedHost(connection);
  if (host === null) return null;
  if (message.type === 'preview') return `previews from remote host ${host} are not shown: a preview would block every press on this pad`;
  const ids = idsOf(message);
  const outside = ids.find(([, id]) => !plane.mayActFor(connection, id));
  if (outside === undefined) return null;
  const [kind, id] = outside;
  return `this connection relays host ${host}; it may speak only for agents of that host (a ${kind} ending in @${host}), not for ${id}`;
}

/** The backends and lease ids a message speaks for. */
function idsOf(message: ClientMessage): (readonly ['backend' | 'lease id', string])[] {
  switch (message.type) {
    case 'state':
      return [['backend', message.agent.backend], ...(message.leaseId === null ? [] : [['lease id', message.leaseId] as const])];
    case 'session_end':
    case 'subscribe_actions':
    case 'question':
    case 'approval_details':
      return [['backend', message.agent.backend]];
    case 'session_lease':
      return [['lease id', message.leaseId], ...(message.agent === null ? [] : [['backend', message.agent.backend] as const])];
    default:
      return [];
  }
}
