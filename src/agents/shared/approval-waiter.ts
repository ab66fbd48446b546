import { DaemonProtocolError, DaemonTimeoutError, PadLatticeClient, type ActionSubscription } from '../../client/index.js';
import { sameIdentity, type AgentIdentity, type ControlAction } from '../../domain/index.js';
import type { SurfaceDecision } from './permission-decision.js';

export interface ApprovalWaitOptions {
  /** The effective socket. */
  readonly socketPath: string;
  readonly identity: AgentIdentity;
  /** Hex32, generated per request. */
  readonly requestId: string;
  /** Bounds the connect and, once connected, the whole wait; null: no deadline (the connect gets 2 s), only `signal` or the daemon end it. */
  readonly timeoutMs: number | null;
  /** The presses offered (default both); an agent's request may offer only one of them. */
  readonly actions?: readonly ControlAction[];
  /** What the request is for (tool and redacted command), shown on the pad: a Pad-Lattice extension, ignored by other daemons. */
  readonly details?: { readonly tool: string; readonly detail: string };
  /** Polled at least every `pollMs` while waiting; true ends the wait with no decision (Claude's waiter registry). */
  readonly cancelled?: () => boolean;
  readonly pollMs?: number;
  /** Aborting it withdraws the request from the pad at once (the agent was answered elsewhere). */
  readonly signal?: AbortSignal;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

/**
 * The permission waiter (agent-adapters.md §A.4.1, §B.6): one request-scoped,
 * one-shot subscription for approve/reject. Only an `action` for this
 * identity and request id counts; every other line is ignored. Resolves to
 * null when the deadline passes, connecting fails, the daemon closes or
 * resets the connection, `cancelled` turns true or `signal` aborts — the
 * agent then falls back to its own prompt. Never rejects. The subscription
 * is closed before this resolves.
 */
export async function waitForSurfaceDecision(options: ApprovalWaitOptions): Promise<SurfaceDecision | null> {
  const stepMs = stepTimeout(options.timeoutMs);
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: options.timeoutMs ?? stepMs });
  let subscription: ActionSubscription | null = null;
  const withdraw = () => void subscription?.close();
  const aborted = () => options.signal?.aborted === true;
  options.signal?.addEventListener('abort', withdraw, { once: true });
  try {
    if (aborted()) return null;
    subscription = await client.subscribeActions({
      agent: options.identity,
      actions: options.actions ?? ['approve', 'reject'],
      requestId: options.requestId,
      oneShot: true,
    });
    if (aborted()) return null;
    if (options.details !== undefined) {
      // A daemon without the extension answers with an `error` line, which the reader below ignores.
      await subscription.describe({ agent: options.identity, requestId: options.requestId, ...options.details }, stepMs);
    }
    return await readDecision(subscription, options);
  } catch {
    return null;
  } finally {
    options.signal?.removeEventListener('abort', withdraw);
    await subscription?.close();
  }
}

/** Bound of one connect or write: at most 2 s, and never more than the whole wait. */
export function stepTimeout(timeoutMs: number | null): number {
  return timeoutMs === null ? 2_000 : Math.min(timeoutMs, 2_000);
}

async function readDecision(subscription: ActionSubscription, options: ApprovalWaitOptions): Promise<SurfaceDecision | null> {
  const now = options.now ?? (() => performance.now());
  const deadline = options.timeoutMs === null ? null : now() + options.timeoutMs;
  for (;;) {
    if (options.cancelled?.() === true) return null;
    const remaining = deadline === null ? null : deadline - now();
    if (remaining !== null && remaining <= 0) return null;
    const slice = options.cancelled === undefined ? remaining : Math.min(remaining ?? Number.MAX_SAFE_INTEGER, options.pollMs ?? 50);
    let event;
    try {
      event = await subscription.receive(slice);
    } catch (error) {
      // A slice ending only means "look again"; an undecodable, `error` or foreign-type line is ignored (§A.4.1 step 3).
      if (error instanceof DaemonTimeoutError || error instanceof DaemonProtocolError) continue;
      return null; // the daemon closed or reset the connection
    }
    // Null: closed here (the signal withdrew it).
    if (event === null) return null;
    if (!sameIdentity(event.agent, options.identity) || event.requestId !== options.requestId) continue;
    if (event.action === 'approve' || event.action === 'reject') return event.action;
  }
}
