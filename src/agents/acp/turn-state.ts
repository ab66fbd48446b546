import type { AgentState } from '../../domain/index.js';
import type { StopReason } from './protocol.js';

/** How each way a turn can end shows on the pad: only a finished turn is a success. */
const TURN_ENDS: Readonly<Record<StopReason, AgentState>> = {
  end_turn: 'success',
  cancelled: 'cancelled',
  // The turn stopped short of its work.
  max_tokens: 'error',
  max_turn_requests: 'error',
  refusal: 'error',
};

/**
 * The state after a `session/prompt` answer: an error answer is an error;
 * a reason this SDK does not know yet still ended the turn normally.
 */
export function stateAfterTurn(failed: boolean, stopReason: string | null): AgentState {
  if (failed) return 'error';
  if (stopReason !== null && Object.hasOwn(TURN_ENDS, stopReason)) return TURN_ENDS[stopReason as StopReason];
  return 'success';
}
