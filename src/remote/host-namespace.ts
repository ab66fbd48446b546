import { hostSuffix, inHostNamespace, makeIdentity, type AgentIdentity } from '../domain/index.js';

export { hostNameProblem } from '../domain/index.js';

/**
 * The default name of a host: the ssh destination as typed, without `user@`,
 * an `ssh://` prefix or a port, up to the first dot (an IPv4 address stays
 * whole), with anything outside the host-name alphabet replaced by "-". It
 * is known before connecting, so a second link for the same name is refused
 * before it touches the remote host. Null when nothing usable is left.
 */
export function hostNameFromDestination(destination: string): string | null {
  const host = destination
    .replace(/^ssh:\/\//, '')
    .replace(/^.*@/, '')
    .replace(/:[0-9]+$/, '');
  const name = /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(host) ? host : (host.split('.')[0] ?? '');
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 63);
  return cleaned === '' ? null : cleaned;
}

/**
 * Keeps one remote host's identities apart from every other machine's on
 * the local daemon. Going in, `backend` and `lease_id` get the suffix
 * `@host`, so (claude, s1) from "devbox" is (claude@devbox, s1) on the pad
 * and can never collide with a local (claude, s1) or another host's; the
 * session id, and so the default label, stay as the agent sent them. Coming
 * back, the suffix is taken off again, so remote clients only ever see
 * their own ids.
 */
export class HostNamespace {
  readonly #suffix: string;

  constructor(readonly host: string) {
    this.#suffix = hostSuffix(host);
  }

  /** The daemon-side identity of a remote agent. */
  inward(identity: AgentIdentity): AgentIdentity {
    return makeIdentity(this.inwardId(identity.backend), identity.sessionId);
  }

  /** The remote-side identity: ours loses its suffix; anyone else's (local, other hosts) is shown as is. */
  outward(identity: AgentIdentity): AgentIdentity {
    return this.owns(identity.backend) ? makeIdentity(this.outwardId(identity.backend), identity.sessionId) : identity;
  }

  /** True for a backend or lease id this host's relay put in. */
  owns(id: string): boolean {
    return inHostNamespace(id, this.host);
  }

  inwardId(id: string): string {
    return `${id}${this.#suffix}`;
  }

  outwardId(id: string): string {
    return this.owns(id) ? id.slice(0, -this.#suffix.length) : id;
  }
}
