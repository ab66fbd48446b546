/**
 * Public API of the pure control plane (control-plane.md), as agreed in
 * /work/control-plane-api.md. Additions beyond that document:
 *   - `endPreview` returns boolean; the runtime maps false to `preview_not_owned`
 *     with PREVIEW_NOT_OWNED_MESSAGE.
 *   - read-only getters `terminalHold` and `actionDebounce`; diagnostics
 *     `invariantViolations()` (a §19 self-check, empty when healthy),
 *     `recency(identity)` and `subscription(connection)`.
 *   - AudioCueDecider: the pure audio-cue decider of §17.6 (no sound I/O).
 *   - `dispatchPress` (dispatch with the failed gate named, for feedback) and
 *     `selectAgent` (select an agent by its opaque ref, also one in overflow,
 *     which then takes a Scene); surface views list the overflow agents.
 *   - Pad-Lattice's question and approval-detail extension: `ask` (a
 *     connection's multiple-choice request), `answer` (an option press, once
 *     per question), `describeApproval` (a sanitized description and tier on
 *     a request-scoped subscription); surface views carry the selected
 *     agent's `prompt`. A multi-select question toggles options and answers
 *     on its Send pad; `notify` posts a notice (a refusal, "answer in the
 *     terminal"); while a question is open, `waiting_for_approval` stays
 *     `waiting_for_reply` unless an approval is pending.
 *   - Hold to approve: `pressAction`, `releaseAction` and `settleHold`
 *     (Approve for a destructive command counts only when let go after
 *     `approveHold` seconds held); surface views carry the `hold` fill.
 */
export { ControlPlane } from './control-plane.js';
export type { ControlPlaneConfig } from './config.js';
export { DEFAULT_TERMINAL_HOLD, DEFAULT_ACTION_DEBOUNCE, DEFAULT_SESSION_TTL } from './config.js';
export { DEFAULT_APPROVE_HOLD } from './approve-hold.js';
export type {
  ActionPress,
  ActionRelease,
  AgentSelection,
  AnswerDispatch,
  AnsweredQuestion,
  ConnectionId,
  SessionSnapshot,
  DispatchedAction,
  PressDispatch,
  PreviewResult,
  SubscriptionSnapshot,
} from './types.js';
export { PREVIEW_NOT_OWNED_MESSAGE, PREVIEW_CONFLICT_OTHER_OWNER, PREVIEW_CONFLICT_DIFFERENT_ID } from './preview.js';
export { AudioCueDecider } from './audio-cues.js';
export type { AudioCue, AudioCueEvent, StateCueName } from './audio-cues.js';
export type { AccentStore } from './accent-store.js';
