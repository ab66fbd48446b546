import { randomUUID } from 'node:crypto';
import { DEFAULT_IDENTITY, ERROR_CODES, type ClientMessage, type InventoryReport, type SessionReport, type StatusReport } from '../wire/index.js';
import { defaultSocketPath } from '../unix-socket/socket-path.js';
import {
  CONTROL_ACTIONS,
  isNoticeKind,
  NOTICE_KINDS,
  type AgentIdentity,
  type AgentState,
  type ControlAction,
  type NoticeKind,
  type Question,
} from '../domain/index.js';
import { ActionSubscription } from './action-subscription.js';
import { DaemonProtocolError } from './errors.js';
import { WireConnection } from './connection.js';
import { PreviewSession } from './preview-session.js';
import { QuestionRequest } from './question-request.js';
import { readReply, replyError } from './reply.js';
import { checkActions, checkIdentity, checkMetadata, checkOptionalId, checkQuestions, checkState } from './request-checks.js';
import { DEFAULT_LEASE_BACKOFF, SessionLease, type LeaseBackoff, type SessionLeaseListeners } from './session-lease.js';

/** How long each connect, write and read step may take by default, like the reference client (2 s). */
export const DEFAULT_TIMEOUT_MS = 2_000;

export interface ClientOptions {
  /** Default: the path of wire-protocol-1.md §2 resolved from `env`. */
  readonly socketPath?: string;
  /** Bound of each connect, write and read step. */
  readonly timeoutMs?: number;
  readonly env?: NodeJS.ProcessEnv;
}

export interface ReportStateOptions {
  readonly agent?: AgentIdentity;
  /** Display metadata (`label`, `cwd`, …): non-empty keys and values; travels inside the agent object. */
  readonly metadata?: Readonly<Record<string, string>>;
  readonly leaseId?: string | null;
  /** Ask for a `state_ack` and return the session as the daemon sees it. */
  readonly reply?: boolean;
}

export interface SubscribeOptions {
  readonly agent?: AgentIdentity;
  /** Default: all four, in canonical order. */
  readonly actions?: readonly ControlAction[];
  readonly requestId?: string | null;
  /** The daemon drops the subscription after routing one action to it. */
  readonly oneShot?: boolean;
}

export interface AskOptions {
  readonly agent?: AgentIdentity;
  /** Default: a fresh Hex32. */
  readonly requestId?: string;
  /** 1–8 questions of 1–8 options each; the texts are for display (the daemon shortens and redacts them). */
  readonly questions: readonly Question[];
}

export interface NoticeOptions {
  readonly agent?: AgentIdentity;
  readonly notice: NoticeKind;
  /** What it is about (a tool, a form's source); the daemon shortens and redacts it. */
  readonly tool?: string;
  readonly detail?: string;
}

export interface LeaseOptions {
  /** Default: a fresh Hex32. */
  readonly leaseId?: string;
  /** The identity to bind now; without it the lease is bound by a later `state` carrying the lease id. */
  readonly agent?: AgentIdentity | null;
  readonly metadata?: Readonly<Record<string, string>>;
  readonly backoff?: LeaseBackoff;
  /** Attached before registering: the only way to see the first `connected`/`bound` events. */
  readonly listeners?: SessionLeaseListeners;
}

/**
 * The typed Wire Protocol 1 client. Each one-shot call opens its own
 * connection, as the reference client does; subscriptions, leases and
 * previews hold theirs until closed. No daemon ⇒ DaemonUnavailableError.
 */
export class PadLatticeClient {
  readonly socketPath: string;
  readonly timeoutMs: number;

  constructor(options: ClientOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
    this.timeoutMs = timeoutMs;
    this.socketPath = options.socketPath ?? defaultSocketPath(options.env ?? process.env);
  }

  /** Reports a state; with `reply: true` returns the session from the `state_ack`, else null. */
  async reportState(state: AgentState, options: ReportStateOptions = {}): Promise<SessionReport | null> {
    const message: ClientMessage = {
      type: 'state',
      state: checkState(state),
      agent: checkIdentity(options.agent ?? DEFAULT_IDENTITY),
      metadata: checkMetadata('metadata', options.metadata ?? {}),
      leaseId: checkOptionalId('leaseId', options.leaseId ?? null),
      reply: options.reply ?? false,
    };
    if (!message.reply) {
      await this.#send(message);
      return null;
    }
    const ack = await this.#request(message, 'state_ack');
    return ack.session;
  }

  /** Removes a session; unknown identities are ignored by the daemon. */
  async endSession(agent: AgentIdentity = DEFAULT_IDENTITY): Promise<void> {
    await this.#send({ type: 'session_end', agent: checkIdentity(agent) });
  }

  async status(): Promise<StatusReport> {
    return (await this.#request({ type: 'status' }, 'status')).status;
  }

  /**
   * The daemon's open surfaces and loaded device profiles — a Pad-Lattice
   * extension, not part of Wire Protocol 1. Resolves to null when the daemon
   * does not know the request (the reference daemon answers unknown_message_type).
   */
  async inventory(): Promise<InventoryReport | null> {
    try {
      return (await this.#request({ type: 'inventory' }, 'inventory')).inventory;
    } catch (error) {
      if (error instanceof DaemonProtocolError && error.code === ERROR_CODES.unknownMessageType) return null;
      throw error;
    }
  }

  /** Resolves when the daemon answered `pong`. */
  async ping(): Promise<void> {
    await this.#request({ type: 'ping' }, 'pong');
  }

  /** Opens a subscription; the daemon sends no acknowledgement, so this resolves once the request is written. */
  async subscribeActions(options: SubscribeOptions = {}): Promise<ActionSubscription> {
    const message: ClientMessage = {
      type: 'subscribe_actions',
      agent: checkIdentity(options.agent ?? DEFAULT_IDENTITY),
      actions: checkActions(options.actions ?? CONTROL_ACTIONS),
      requestId: checkOptionalId('requestId', options.requestId ?? null),
      oneShot: options.oneShot ?? false,
    };
    const connection = await WireConnection.open(this.socketPath, this.timeoutMs);
    try {
      await connection.send(message, this.timeoutMs);
    } catch (error) {
      connection.close();
      throw error;
    }
    return new ActionSubscription(connection);
  }

  /**
   * Puts a multiple-choice request on the pad — a Pad-Lattice extension, not
   * part of Wire Protocol 1. Resolves once the daemon took it; a daemon
   * without the extension (the reference) makes it reject with a
   * DaemonProtocolError whose code is `unknown_message_type`.
   */
  async askQuestions(options: AskOptions): Promise<QuestionRequest> {
    const requestId = checkOptionalId('requestId', options.requestId ?? null) ?? randomUUID().replaceAll('-', '');
    const message: ClientMessage = {
      type: 'question',
      agent: checkIdentity(options.agent ?? DEFAULT_IDENTITY),
      requestId,
      questions: checkQuestions(options.questions),
    };
    const connection = await WireConnection.open(this.socketPath, this.timeoutMs);
    try {
      await connection.send(message, this.timeoutMs);
      await readReply(connection, 'question_ack', this.timeoutMs);
    } catch (error) {
      connection.close();
      throw error;
    }
    return new QuestionRequest(connection, requestId);
  }

  /**
   * Tells the pad something short beyond a state (a request the agent's own
   * safety check refused, input only its terminal can take) — a Pad-Lattice
   * extension. Fire-and-forget; a daemon without the extension (the
   * reference) makes it reject with a DaemonProtocolError.
   */
  async notice(options: NoticeOptions): Promise<void> {
    if (!isNoticeKind(options.notice)) throw new RangeError(`notice must be one of ${NOTICE_KINDS.join(', ')}`);
    const agent = checkIdentity(options.agent ?? DEFAULT_IDENTITY);
    await this.#send({ type: 'notice', agent, notice: options.notice, tool: options.tool ?? '', detail: options.detail ?? '' });
  }

  /** Registers a lease and keeps it, reconnecting after daemon restarts, until closed. */
  sessionLease(options: LeaseOptions = {}): Promise<SessionLease> {
    return SessionLease.open(
      {
        socketPath: this.socketPath,
        leaseId: checkOptionalId('leaseId', options.leaseId ?? null) ?? randomUUID().replaceAll('-', ''),
        agent: options.agent === undefined || options.agent === null ? null : checkIdentity(options.agent),
        metadata: checkMetadata('metadata', options.metadata ?? {}),
        timeoutMs: this.timeoutMs,
        backoff: options.backoff ?? DEFAULT_LEASE_BACKOFF,
      },
      options.listeners,
    );
  }

  /** Opens a connection for diagnostic previews (`pad-lattice symbols`). */
  async openPreview(): Promise<PreviewSession> {
    return new PreviewSession(await WireConnection.open(this.socketPath, this.timeoutMs), this.timeoutMs);
  }

  /** Fire-and-forget: connect, write one line, half-close, and wait (bounded) for the daemon to close after reading it. */
  async #send(message: ClientMessage): Promise<void> {
    const connection = await WireConnection.open(this.socketPath, this.timeoutMs);
    try {
      await connection.send(message, this.timeoutMs);
      await connection.finish(this.timeoutMs);
      // The daemon answers a fire-and-forget line only when it rejects it; say so rather than lose it.
      const unsolicited = connection.takeQueued();
      if (unsolicited !== null) throw unsolicited.ok ? replyError(unsolicited.message) : unsolicited.error;
    } finally {
      connection.close();
    }
  }

  async #request<T extends 'state_ack' | 'status' | 'pong' | 'inventory'>(message: ClientMessage, expected: T) {
    const connection = await WireConnection.open(this.socketPath, this.timeoutMs);
    try {
      await connection.send(message, this.timeoutMs);
      return await readReply(connection, expected, this.timeoutMs);
    } finally {
      connection.close();
    }
  }
}
