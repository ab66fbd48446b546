/**
 * The display-metadata key (wire-protocol-1.md §5.5) that names the machine a
 * session runs on. `pad-lattice remote` sets it on everything it relays, so
 * the pad, `status` and the browser can say where a session lives. It is
 * presentation only: identity stays (backend, session_id).
 */
export const REMOTE_HOST_METADATA_KEY = 'remote_host';

/** Host names travel in socket file names, labels and the relay's wire message: a short, plain alphabet. */
export const HOST_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** Why `name` cannot name a remote host, or null when it can. */
export function hostNameProblem(name: string): string | null {
  return HOST_NAME_PATTERN.test(name) ? null : 'must be 1-63 letters, digits, ".", "_" or "-", starting with a letter or digit';
}

/** The suffix the relay gives a host's backends and lease ids (`claude` from devbox is `claude@devbox`). */
export function hostSuffix(host: string): string {
  return `@${host}`;
}

/** True for a backend or lease id in `host`'s namespace. */
export function inHostNamespace(id: string, host: string): boolean {
  const suffix = hostSuffix(host);
  return id.length > suffix.length && id.endsWith(suffix);
}
