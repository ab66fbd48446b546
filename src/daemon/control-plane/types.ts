import type { AgentIdentity, AnswerRefusal, ControlAction, PressRefusal, SelectionRefusal } from '../../domain/index.js';
import type { StatusSessionReport } from '../../wire/messages.js';

/** Assigned by the runtime to each socket connection; the plane only compares them. */
export type ConnectionId = number;

/**
 * One session as status reports it (control-plane.md §18): exactly a
 * `status.sessions` entry of the wire protocol, so the runtime hands
 * snapshots to the encoder as they are.
 */
export type SessionSnapshot = StatusSessionReport;

/** The outcome of a surface press that reached a subscriber (§12.3). */
export interface DispatchedAction {
  readonly connection: ConnectionId;
  readonly identity: AgentIdentity;
  readonly action: ControlAction;
  /** The recipient's request id as it was before a one-shot subscription was disabled. */
  readonly requestId: string | null;
}

/** A surface press with the first gate that failed, for surfaces that tell their user (§12.3). */
export type PressDispatch = { readonly ok: true; readonly dispatched: DispatchedAction } | { readonly ok: false; readonly reason: PressRefusal };

/** `selectAgent`: the slot the agent now has, or why nothing changed. */
export type AgentSelection = { readonly ok: true; readonly slot: number } | { readonly ok: false; readonly reason: SelectionRefusal };

export type PreviewResult = { readonly ok: true } | { readonly ok: false; readonly code: 'preview_conflict'; readonly message: string };

/** A read-only copy of one connection's subscription (control-plane.md §2). */
export interface SubscriptionSnapshot {
  readonly identity: AgentIdentity;
  readonly actions: ReadonlySet<ControlAction>;
  readonly requestId: string | null;
  readonly oneShot: boolean;
  /** Sequence value at subscribe time; older subscribers receive first. */
  readonly subscribedAt: number;
}

/** An option press that answered a question: who receives the answer, and what it is. */
export interface AnsweredQuestion {
  readonly connection: ConnectionId;
  readonly identity: AgentIdentity;
  readonly requestId: string;
  /** 0-based indices. */
  readonly question: number;
  readonly option: number;
}

export type AnswerDispatch =
  | { readonly ok: true; readonly answered: AnsweredQuestion }
  | { readonly ok: false; readonly reason: Exclude<AnswerRefusal, 'not_delivered'> };
