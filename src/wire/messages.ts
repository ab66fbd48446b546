import type { AgentIdentity, AgentState, ControlAction, ExperienceKind, NoticeKind, Question, SurfaceDescriptor } from '../domain/index.js';

/**
 * The typed values of Wire Protocol 1 (wire-protocol-1.md §§6, 7). Wire
 * member names are snake_case; these are the decoded shapes, camelCase, with
 * defaults applied. The encoders map them back to the exact wire members.
 */

export type Metadata = Readonly<Record<string, string>>;

// ---- client → daemon (§6) -------------------------------------------------

export const CLIENT_MESSAGE_TYPES = [
  'state',
  'session_end',
  'status',
  'ping',
  'subscribe_actions',
  'session_lease',
  'preview',
  'preview_end',
  // Pad-Lattice extensions only our CLI and agent adapters send; the reference daemon answers them with unknown_message_type.
  'inventory',
  'question',
  'approval_details',
  'notice',
  'relay',
] as const;

export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

export interface StateMessage {
  readonly type: 'state';
  readonly state: AgentState;
  /** `local/default` when the wire message had no agent. */
  readonly agent: AgentIdentity;
  /** The agent object's members other than backend and session_id (§5.5). */
  readonly metadata: Metadata;
  readonly leaseId: string | null;
  readonly reply: boolean;
}

export interface SessionEndMessage {
  readonly type: 'session_end';
  readonly agent: AgentIdentity;
}

export interface StatusRequest {
  readonly type: 'status';
}

export interface PingRequest {
  readonly type: 'ping';
}

/** What the daemon can drive: its open surfaces and its device profiles (not part of Wire Protocol 1). */
export interface InventoryRequest {
  readonly type: 'inventory';
}

/**
 * Extension: a multiple-choice request the pad can answer. The connection
 * receives `question_ack`, then one `answer` per question the pad answers;
 * closing it withdraws the request.
 */
export interface QuestionMessage {
  readonly type: 'question';
  /** `local/default` when the wire message had no agent. */
  readonly agent: AgentIdentity;
  readonly requestId: string;
  /** Display texts already made safe at the edge. */
  readonly questions: readonly Question[];
}

/**
 * Extension: what the connection's request-scoped subscription asks to
 * approve. `tool` and `detail` arrive as the client sent them; the daemon
 * sanitizes and classifies them before anything shows them.
 */
export interface ApprovalDetailsMessage {
  readonly type: 'approval_details';
  readonly agent: AgentIdentity;
  readonly requestId: string;
  readonly tool: string;
  readonly detail: string;
}

/**
 * Extension: something short the agent tells its user (NoticePrompt): a
 * request its own safety check refused, or input only its terminal can
 * take. The daemon sanitizes `tool` and `detail` and decides how long it
 * shows; success has no reply.
 */
export interface NoticeMessage {
  readonly type: 'notice';
  readonly agent: AgentIdentity;
  readonly notice: NoticeKind;
  readonly tool: string;
  readonly detail: string;
}

/**
 * Extension, sent by `pad-lattice remote` as the first line of every
 * connection it relays and again when its link changes: this connection
 * speaks for remote host `host` only, and while `live` is false the link
 * cannot be trusted to deliver a press.
 */
export interface RelayMessage {
  readonly type: 'relay';
  readonly host: string;
  readonly live: boolean;
}

export interface SubscribeActionsMessage {
  readonly type: 'subscribe_actions';
  /** `local/default` when the wire message had no agent. */
  readonly agent: AgentIdentity;
  /** Distinct actions in canonical order (duplicates on the wire collapse). */
  readonly actions: readonly ControlAction[];
  readonly requestId: string | null;
  readonly oneShot: boolean;
}

export interface SessionLeaseMessage {
  readonly type: 'session_lease';
  readonly leaseId: string;
  /** null: no identity yet (not the default identity). */
  readonly agent: AgentIdentity | null;
  readonly metadata: Metadata;
}

export interface PreviewMessage {
  readonly type: 'preview';
  readonly previewId: string;
  readonly state: AgentState;
  /** Seconds, 0 < ttl ≤ 30. */
  readonly ttl: number;
}

export interface PreviewEndMessage {
  readonly type: 'preview_end';
  readonly previewId: string;
}

export type ClientMessage =
  | StateMessage
  | SessionEndMessage
  | StatusRequest
  | PingRequest
  | SubscribeActionsMessage
  | SessionLeaseMessage
  | PreviewMessage
  | PreviewEndMessage
  | InventoryRequest
  | QuestionMessage
  | ApprovalDetailsMessage
  | NoticeMessage
  | RelayMessage;

// ---- daemon → client (§7) -------------------------------------------------

export const SERVER_MESSAGE_TYPES = [
  'state_ack',
  'session_lease_ack',
  'session_lease_bound',
  'action',
  'status',
  'pong',
  'preview_ack',
  'preview_end_ack',
  'error',
  'inventory',
  'question_ack',
  'answer',
] as const;

export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

/** One session as `state_ack` reports it; `scene` on the wire is `slot + 1`. */
export interface SessionReport {
  readonly identity: AgentIdentity;
  readonly state: AgentState;
  readonly slot: number | null;
  readonly accent: string | null;
  readonly selected: boolean;
  readonly leased: boolean;
  readonly label: string;
}

/** One `status.sessions` entry: a session report plus its merged metadata. */
export interface StatusSessionReport extends SessionReport {
  readonly metadata: Metadata;
}

export type { SurfaceDescriptor, SurfaceKind } from '../domain/index.js';

export interface StatusReport {
  readonly profile: string;
  readonly visualProtocol: number;
  readonly input: string;
  readonly output: string;
  readonly surfaces: readonly SurfaceDescriptor[];
  readonly selected: AgentIdentity | null;
  readonly overflowCount: number;
  readonly activityMotion: boolean;
  readonly audioFeedback: boolean;
  readonly experience: ExperienceKind | null;
  readonly previewActive: boolean;
  readonly sessionTtl: number;
  readonly sessions: readonly StatusSessionReport[];
}

/**
 * One open surface in an inventory: what it is (`controller`, `browser`, …),
 * how it is reached (`midi`, `websocket`, later `serial`, `hid`), its profile
 * and its ports, so any kind of surface fits without a protocol change.
 */
export interface InventorySurface {
  readonly kind: string;
  readonly transport: string;
  readonly profile: string;
  readonly input: string;
  readonly output: string;
}

/** One device profile the daemon has loaded. */
export interface InventoryProfile {
  readonly id: string;
  readonly status: string;
  /** Supported, or checked against the manufacturer's documents: opened when its ports appear. */
  readonly opensAutomatically: boolean;
  /** `built-in`, `user` (a profile folder) or `file` (--profile-file). */
  readonly origin: string;
  readonly source: string;
}

export interface InventoryReport {
  readonly surfaces: readonly InventorySurface[];
  readonly profiles: readonly InventoryProfile[];
  /** Profiles left out so the reply fits in one frame. */
  readonly profilesOmitted: number;
  /** Profile files that could not be loaded (their problems are in the daemon's log). */
  readonly refusedProfileFiles: number;
}

export interface InventoryMessage {
  readonly type: 'inventory';
  readonly inventory: InventoryReport;
}

export interface StateAckMessage {
  readonly type: 'state_ack';
  readonly session: SessionReport;
}

export interface SessionLeaseAckMessage {
  readonly type: 'session_lease_ack';
  readonly leaseId: string;
  /** Present only when a session was resolved (§6.6). */
  readonly session: SessionReport | null;
}

export interface SessionLeaseBoundMessage {
  readonly type: 'session_lease_bound';
  readonly leaseId: string;
  readonly session: SessionReport;
}

export interface ActionMessage {
  readonly type: 'action';
  readonly action: ControlAction;
  readonly agent: AgentIdentity;
  readonly requestId: string | null;
}

export interface StatusMessage {
  readonly type: 'status';
  readonly status: StatusReport;
}

export interface PongMessage {
  readonly type: 'pong';
}

export interface PreviewAckMessage {
  readonly type: 'preview_ack';
  readonly previewId: string;
  readonly state: AgentState;
}

export interface PreviewEndAckMessage {
  readonly type: 'preview_end_ack';
  readonly previewId: string;
}

export interface ErrorMessage {
  readonly type: 'error';
  readonly code: string;
  /** The wire member `error`. */
  readonly message: string;
}

/** Extension: the daemon took a `question` request (a daemon without the extension answers unknown_message_type instead). */
export interface QuestionAckMessage {
  readonly type: 'question_ack';
  readonly requestId: string;
}

/**
 * Extension: the pad answered question `question` of the request with option
 * `option` (both 0-based); at most once per question. A multi-select
 * question's answer also carries `options`, every option chosen (ascending;
 * `option` is the first of them), so a client that reads only `option` still
 * gets a valid answer.
 */
export interface AnswerMessage {
  readonly type: 'answer';
  readonly agent: AgentIdentity;
  readonly requestId: string;
  readonly question: number;
  readonly option: number;
  /** Null (absent on the wire) for a single-choice question. */
  readonly options: readonly number[] | null;
}

export type ServerMessage =
  | StateAckMessage
  | SessionLeaseAckMessage
  | SessionLeaseBoundMessage
  | ActionMessage
  | StatusMessage
  | PongMessage
  | PreviewAckMessage
  | PreviewEndAckMessage
  | ErrorMessage
  | InventoryMessage
  | QuestionAckMessage
  | AnswerMessage;

/** The one-based Agent Scene number of a slot, as `state_ack.scene` carries it. */
export function sceneOf(slot: number | null): number | null {
  return slot === null ? null : slot + 1;
}
