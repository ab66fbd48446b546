import type { RemoteEvent } from '../remote/remote-events.js';

/** The sentence(s) `pad-lattice remote` prints for an event without --json. */
export function describeRemoteEvent(event: RemoteEvent): string {
  switch (event.event) {
    case 'connecting':
      return event.attempt === 1 ? `Connecting to ${event.destination}…` : `Connecting to ${event.destination} again (attempt ${event.attempt})…`;
    case 'connected':
      return event.reconnected
        ? `Link to ${event.destination} is back; agents holding a lease (pad-lattice claude, codex) return on their own, others with their next report to ${event.remote_socket}.`
        : [
            `Connected: agents on ${event.destination} show on this pad as "${event.host}".`,
            `On ${event.destination}, run them with this socket:`,
            `  export PAD_LATTICE_SOCKET=${event.remote_socket}`,
            '  pad-lattice claude        # or codex, send-state, listen-actions …',
            `Ctrl-C ends the link; the host's sessions then leave the pad.`,
          ].join('\n');
    case 'dropped':
      return `Link to ${event.host} dropped (${event.reason}); its sessions left the pad and no press reaches it. Reconnecting in ${event.retry_in_seconds} s…`;
    case 'connect_failed':
      return `Could not connect to ${event.destination} (${event.reason}); trying again in ${event.retry_in_seconds} s…`;
    case 'action_dropped':
      return `A press of ${event.action} for ${event.agent.backend}/${event.agent.session_id} was not sent: no word from ${event.host} for ${event.silent_seconds} s.`;
    case 'daemon_unreachable':
      return `The daemon at ${event.socket} does not answer (${event.reason}); remote agents cannot reach the pad until it runs again ('pad-lattice daemon').`;
    case 'daemon_reachable':
      return `The daemon at ${event.socket} answers again.`;
    case 'relay_error':
      return `Relay: ${event.reason}; it keeps listening.`;
    case 'sessions_not_ended':
      return `The sessions of ${event.host} could not be taken off the pad (${event.reason}); end them with 'pad-lattice end-session', or they leave when their TTL runs out.`;
  }
}
