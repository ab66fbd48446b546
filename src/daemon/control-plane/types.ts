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

/** An action press: dispatched, refused, or (Approve for a destructive command) the start of a hold. */
export type ActionPress = PressDispatch | { readonly ok: 'holding' };

/** What letting go of an action pad did: nothing, a hold let go too soon, or a hold that completed. */
export type ActionRelease =
  | { readonly kind: 'none' }
  | { readonly kind: 'short'; readonly heldFor: number; readonly required: number }
  | { readonly kind: 'complete'; readonly press: PressDispatch };

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
  /** The answer of a single-choice question; the first of `options` for a multi-select one. */
  readonly option: number;
  /** Every option chosen, ascending, for a multi-select question; null for a single-choice one. */
  readonly options: readonly number[] | null;
}

/** An option press on a multi-select question: the option now toggled on or off; nothing is sent yet. */
export interface ToggledOption {
  readonly question: number;
  readonly option: number;
  readonly selected: boolean;
}

export type AnswerDispatch =
  | { readonly ok: true; readonly answered: AnsweredQuestion }
  | { readonly ok: true; readonly toggled: ToggledOption }
  | { readonly ok: false; readonly reason: Exclude<AnswerRefusal, 'not_delivered'> };
