/**
 * The display-metadata key (wire-protocol-1.md §5.5) that names the machine a
 * session runs on. `pad-lattice remote` sets it on everything it relays, so
 * the pad, `status` and the browser can say where a session lives. It is
 * presentation only: identity stays (backend, session_id).
 */
export const REMOTE_HOST_METADATA_KEY = 'remote_host';
