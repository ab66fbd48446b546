import type { AgentState } from '../../../domain/index.js';
import type { ThreadStatus } from './protocol.js';

/** `turn.status` at `turn/completed` → the state the pad shows. */
const TURN_END_STATES: Readonly<Record<string, AgentState>> = { completed: 'success', interrupted: 'cancelled', failed: 'error' };

export function turnEndState(turnStatus: string): AgentState | null {
  return Object.hasOwn(TURN_END_STATES, turnStatus) ? TURN_END_STATES[turnStatus]! : null;
}

/**
 * The state a thread's status change means. The flags name a request that
 * waits for the user (never set during Codex's automatic review). While
 * subscribed, an idle thread says nothing: `turn/completed`, right behind
 * it, tells how the turn ended; unsubscribed, idle is all there is to know.
 */
export function statusState(status: ThreadStatus, subscribed: boolean): AgentState | null {
  switch (status.type) {
    case 'active': {
      const flags = status.activeFlags ?? [];
      if (flags.includes('waitingOnApproval')) return 'waiting_for_approval';
      return flags.includes('waitingOnUserInput') ? 'waiting_for_reply' : 'running';
    }
    case 'idle':
      return subscribed ? null : 'waiting_for_reply';
    case 'systemError':
      return 'error';
    default:
      return null;
  }
}
