/**
 * What `pad-lattice remote` reports while it runs. Each event is printed as
 * one JSON line with `--json` (the members are the JSON members), or as a
 * sentence otherwise.
 */
export type RemoteEvent =
  | { readonly event: 'connecting'; readonly destination: string; readonly attempt: number }
  | {
      readonly event: 'connected';
      readonly destination: string;
      /** How the pad names the host. */
      readonly host: string;
      readonly remote_socket: string;
      readonly relay_socket: string;
      readonly ssh_pid: number | null;
      /** False the first time, true after a drop. */
      readonly reconnected: boolean;
    }
  | { readonly event: 'dropped'; readonly host: string; readonly reason: string; readonly retry_in_seconds: number }
  | { readonly event: 'connect_failed'; readonly destination: string; readonly reason: string; readonly retry_in_seconds: number }
  | {
      readonly event: 'action_dropped';
      readonly host: string;
      readonly action: string;
      readonly agent: { readonly backend: string; readonly session_id: string };
      readonly silent_seconds: number;
    }
  | { readonly event: 'daemon_unreachable'; readonly socket: string; readonly reason: string }
  | { readonly event: 'daemon_reachable'; readonly socket: string }
  | { readonly event: 'relay_error'; readonly reason: string }
  /** The link ended but the daemon did not take the host's sessions off the pad. */
  | { readonly event: 'sessions_not_ended'; readonly host: string; readonly reason: string };
