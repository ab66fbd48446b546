import { EventEmitter } from 'node:events';
import type { SessionReport } from '../wire/index.js';
import type { AgentIdentity } from '../domain/index.js';
import { WireConnection } from './connection.js';
import { readReply } from './reply.js';

/** Reconnect pacing after the daemon goes away. */
export interface LeaseBackoff {
  /** First wait after a drop; the reference launcher waits 1 s (wire-protocol-1.md §11 item 7). */
  readonly initialDelayMs: number;
  /** Upper bound of the doubling wait. */
  readonly maxDelayMs: number;
}

export const DEFAULT_LEASE_BACKOFF: LeaseBackoff = Object.freeze({ initialDelayMs: 1_000, maxDelayMs: 10_000 });

export interface SessionLeaseEvents {
  /** The daemon's socket accepted a connection; the registration is on its way. */
  reached: [];
  /** A (re)connection was acknowledged; `session` when the daemon resolved one. */
  connected: [session: SessionReport | null];
  /** The daemon told us which session the lease is bound to (ack or `session_lease_bound`). */
  bound: [session: SessionReport];
  /** The connection dropped; a reconnect is scheduled after `delayMs`. */
  disconnected: [delayMs: number];
  /** A reconnect attempt failed; the next is scheduled after `delayMs`. */
  retrying: [error: Error, delayMs: number];
}

/** Listeners attached before the lease registers, so the first ack and a `session_lease_bound` in the same read are not missed. */
export type SessionLeaseListeners = { readonly [K in keyof SessionLeaseEvents]?: (...args: SessionLeaseEvents[K]) => void };

export interface LeaseStart {
  readonly socketPath: string;
  readonly leaseId: string;
  readonly agent: AgentIdentity | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly backoff: LeaseBackoff;
}

/**
 * Holds a `session_lease` for as long as it is open (control-plane.md §11):
 * the daemon keeps the bound session while this connection lives. When the
 * daemon restarts, it reconnects with growing pauses and re-registers the
 * lease, now naming the identity it learned, so the session comes back.
 * Protocol errors on the lease connection are ignored, like the reference.
 */
export class SessionLease extends EventEmitter<SessionLeaseEvents> implements AsyncDisposable {
  #identity: AgentIdentity | null;
  #connection: WireConnection | null = null;
  #closed = false;
  #retryTimer: NodeJS.Timeout | null = null;
  #nextDelayMs: number;

  private constructor(private readonly start: LeaseStart) {
    super();
    this.#identity = start.agent;
    this.#nextDelayMs = start.backoff.initialDelayMs;
  }

  /** Registers the lease; fails like any request when no daemon runs or the daemon rejects it. */
  static async open(start: LeaseStart, listeners: SessionLeaseListeners = {}): Promise<SessionLease> {
    const lease = new SessionLease(start);
    if (listeners.reached) lease.on('reached', listeners.reached);
    if (listeners.connected) lease.on('connected', listeners.connected);
    if (listeners.bound) lease.on('bound', listeners.bound);
    if (listeners.disconnected) lease.on('disconnected', listeners.disconnected);
    if (listeners.retrying) lease.on('retrying', listeners.retrying);
    await lease.#register();
    return lease;
  }

  get leaseId(): string {
    return this.start.leaseId;
  }

  /** The identity the lease is bound to, as far as this client knows. */
  get identity(): AgentIdentity | null {
    return this.#identity;
  }

  /** True while a registered connection is open. */
  get connected(): boolean {
    return this.#connection?.isOpen ?? false;
  }

  /** Releases the lease (the daemon ends the bound session, control-plane.md §11.5) and stops reconnecting. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const connection = this.#connection;
    this.#connection = null;
    if (connection !== null) {
      connection.close();
      await connection.closed;
    }
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #register(): Promise<void> {
    const { socketPath, leaseId, metadata, timeoutMs } = this.start;
    const connection = await WireConnection.open(socketPath, timeoutMs);
    this.emit('reached');
    try {
      await connection.send({ type: 'session_lease', leaseId, agent: this.#identity, metadata }, timeoutMs);
      const ack = await readReply(connection, 'session_lease_ack', timeoutMs);
      if (this.#closed) {
        connection.close();
        return;
      }
      this.#connection = connection;
      this.#nextDelayMs = this.start.backoff.initialDelayMs;
      this.emit('connected', ack.session);
      if (ack.session !== null) this.#learn(ack.session);
      void this.#readUntilDropped(connection);
    } catch (error) {
      connection.close();
      throw error;
    }
  }

  async #readUntilDropped(connection: WireConnection): Promise<void> {
    for (;;) {
      const inbound = await connection.receive();
      if (inbound === null) break;
      if (inbound.ok && inbound.message.type === 'session_lease_bound') this.#learn(inbound.message.session);
    }
    if (this.#connection === connection) this.#connection = null;
    if (this.#closed) return;
    this.emit('disconnected', this.#nextDelayMs);
    this.#scheduleReconnect();
  }

  #learn(session: SessionReport): void {
    this.#identity = session.identity;
    this.emit('bound', session);
  }

  #scheduleReconnect(): void {
    const delayMs = this.#nextDelayMs;
    this.#nextDelayMs = Math.min(delayMs * 2, this.start.backoff.maxDelayMs);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#closed) return;
      this.#register().catch((error: unknown) => {
        if (this.#closed) return;
        this.emit('retrying', error instanceof Error ? error : new Error(String(error)), this.#nextDelayMs);
        this.#scheduleReconnect();
      });
    }, delayMs);
  }
}
