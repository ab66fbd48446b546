import { GLOBAL_PAIRING_ATTEMPT_LIMIT, PAIRING_SECRET_BYTES, PAIRING_TTL, TOKEN_BYTES } from '../limits.js';
import type { PairingOffer } from '../protocol/server-messages.js';
import { FailureHistory } from './failure-history.js';
import type { Peer } from './peer-address.js';
import { secretDigest, secretsEqual, type SecretSource } from './secrets.js';

/** The outcome of one `authenticate` (§6.3); a reconnect token is minted only by a pairing. */
export type Verdict = { readonly ok: false } | { readonly ok: true; readonly sessionToken: string | null };

interface Pairing {
  readonly pin: string;
  readonly secret: string;
  readonly pairingUrl: string;
  readonly qrDataUri: string;
  readonly expiresAt: number;
  failedAttempts: number;
}

export interface CredentialAuthorityOptions {
  readonly adminToken: string;
  readonly secrets: SecretSource;
  /** Renders the pairing URL as the `data:image/svg+xml` QR the admin page shows. */
  readonly qrDataUri: (pairingUrl: string) => string;
}

const DENIED: Verdict = Object.freeze({ ok: false });

/**
 * Every credential of one bridge, in memory only: the admin token, the single
 * pairing, the live reconnect tokens (kept as digests) and the per-peer
 * failure history. Time is passed in; evaluation is synchronous, so
 * concurrent attempts are serialised by the event loop and a pairing is
 * consumed at most once.
 */
export class CredentialAuthority {
  readonly #adminToken: string;
  readonly #secrets: SecretSource;
  readonly #qrDataUri: (pairingUrl: string) => string;
  readonly #reconnectDigests = new Set<string>();
  readonly #failures = new FailureHistory();
  #pairing: Pairing | null = null;

  constructor(options: CredentialAuthorityOptions) {
    this.#adminToken = options.adminToken;
    this.#secrets = options.secrets;
    this.#qrDataUri = options.qrDataUri;
  }

  evaluate(peer: Peer, credential: string | null, now: number): Verdict {
    if (peer.loopback) {
      return credential !== null && secretsEqual(credential, this.#adminToken) ? { ok: true, sessionToken: null } : DENIED;
    }
    if (credential === null) return DENIED;
    if (this.#failures.isLimited(peer.ip, now)) return DENIED;
    if (this.#reconnectDigests.has(digestKey(credential))) return { ok: true, sessionToken: null };
    const pairing = this.#pairing;
    if (pairing !== null && now < pairing.expiresAt && (secretsEqual(credential, pairing.pin) || secretsEqual(credential, pairing.secret))) {
      this.#pairing = null;
      this.#failures.clear(peer.ip);
      const sessionToken = this.#secrets.token(TOKEN_BYTES);
      this.#reconnectDigests.add(digestKey(sessionToken));
      return { ok: true, sessionToken };
    }
    this.#recordFailure(peer.ip, now);
    return DENIED;
  }

  /** Replaces any previous pairing at once (old PIN and secret stop working). */
  createPairing(advertisedBaseUrl: string, now: number): PairingOffer {
    const secret = this.#secrets.token(PAIRING_SECRET_BYTES);
    const pairingUrl = `${advertisedBaseUrl}/#pair=${secret}`;
    this.#pairing = {
      pin: this.#secrets.pin(),
      secret,
      pairingUrl,
      qrDataUri: this.#qrDataUri(pairingUrl),
      expiresAt: now + PAIRING_TTL,
      failedAttempts: 0,
    };
    return offerOf(this.#pairing, PAIRING_TTL);
  }

  /** The pairing as replayed to an admin that connects later, while whole seconds remain (§6.4). */
  pairingReplay(now: number): PairingOffer | null {
    if (this.#pairing === null) return null;
    const remaining = roundHalfEven(this.#pairing.expiresAt - now);
    return remaining > 0 ? offerOf(this.#pairing, remaining) : null;
  }

  /** Failed attempts absorbed by the current pairing, or null when none exists (status and tests). */
  get pairingFailedAttempts(): number | null {
    return this.#pairing?.failedAttempts ?? null;
  }

  /** §7.4 step 1: every reconnect token and the pending pairing are gone. */
  revokeRemote(): void {
    this.#reconnectDigests.clear();
    this.#pairing = null;
  }

  #recordFailure(ip: string, now: number): void {
    this.#failures.record(ip, now);
    const pairing = this.#pairing;
    if (pairing === null) return;
    // An expired pairing still absorbs failures until it is replaced (§7.2).
    pairing.failedAttempts += 1;
    if (pairing.failedAttempts >= GLOBAL_PAIRING_ATTEMPT_LIMIT) this.#pairing = null;
  }
}

function offerOf(pairing: Pairing, expiresIn: number): PairingOffer {
  return { pin: pairing.pin, pairingUrl: pairing.pairingUrl, qrDataUri: pairing.qrDataUri, expiresIn };
}

function digestKey(secret: string): string {
  return secretDigest(secret).toString('hex');
}

/** Python's `round`: halves go to the even neighbour, so replayed lifetimes match the reference. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return fraction < 0.5 ? floor : floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}
