import { DaemonProtocolError, DaemonTimeoutError, PadLatticeClient, type ActionSubscription } from '../../client/index.js';
import { sameIdentity, type AgentIdentity, type ControlAction } from '../../domain/index.js';
import type { SurfaceDecision } from './permission-decision.js';

export interface ApprovalWaitOptions {
  /** The effective socket. */
  readonly socketPath: string;
  readonly identity: AgentIdentity;
  /** Hex32, generated per request. */
  readonly requestId: string;
  /** Bounds the connect and, once connected, the whole wait; Infinity waits until `cancelled` (then give `connectTimeoutMs`). */
  readonly timeoutMs: number;
  /** Bounds the connect and the subscription's writes on their own (default: `timeoutMs`). */
  readonly connectTimeoutMs?: number;
  /** The presses offered (default both); an agent's request may offer only one of them. */
  readonly actions?: readonly ControlAction[];
  /** What the request is for (tool and redacted command), shown on the pad: a Pad-Lattice extension, ignored by other daemons. */
  readonly details?: { readonly tool: string; readonly detail: string };
  /** Polled at least every `pollMs` while waiting; true ends the wait with no decision (Claude's waiter registry). */
  readonly cancelled?: () => boolean;
  readonly pollMs?: number;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

/**
 * The permission waiter (agent-adapters.md §A.4.1, §B.6): one request-scoped,
 * one-shot subscription for approve/reject. Only an `action` for this
 * identity and request id counts; every other line is ignored. Resolves to
 * null when the deadline passes, connecting fails, the daemon closes or
 * resets the connection, or `cancelled` turns true — the agent then falls
 * back to its own prompt. Never rejects. The subscription is closed before
 * this resolves.
 */
export async function waitForSurfaceDecision(options: ApprovalWaitOptions): Promise<SurfaceDecision | null> {
  const client = new PadLatticeClient({ socketPath: options.socketPath, timeoutMs: options.connectTimeoutMs ?? options.timeoutMs });
  let subscription: ActionSubscription | null = null;
  try {
    subscription = await client.subscribeActions({
      agent: options.identity,
      actions: options.actions ?? ['approve', 'reject'],
      requestId: options.requestId,
      oneShot: true,
    });
    if (options.details !== undefined) {
      // A daemon without the extension answers with an `error` line, which the reader below ignores.
      await subscription.describe({ agent: options.identity, requestId: options.requestId, ...options.details }, Math.min(options.timeoutMs, 2_000));
    }
    return await readDecision(subscription, options);
  } catch {
    return null;
  } finally {
    await subscription?.close();
  }
}

async function readDecision(subscription: ActionSubscription, options: ApprovalWaitOptions): Promise<SurfaceDecision | null> {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + options.timeoutMs;
  for (;;) {
    if (options.cancelled?.() === true) return null;
    const remaining = deadline - now();
    if (remaining <= 0) return null;
    const slice = options.cancelled === undefined ? remaining : Math.min(remaining, options.pollMs ?? 50);
    let event;
    try {
      event = await subscription.receive(slice);
    } catch (error) {
      // A slice ending only means "look again"; an undecodable, `error` or foreign-type line is ignored (§A.4.1 step 3).
      if (error instanceof DaemonTimeoutError || error instanceof DaemonProtocolError) continue;
      return null; // the daemon closed or reset the connection
    }
    if (event === null) return null;
    if (!sameIdentity(event.agent, options.identity) || event.requestId !== options.requestId) continue;
    if (event.action === 'approve' || event.action === 'reject') return event.action;
  }
}
