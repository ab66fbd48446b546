/** The seven agent states of Visual Protocol 1, in canonical order (the order is significant). */
export const AGENT_STATES = ['running', 'waiting_for_reply', 'user_typing', 'waiting_for_approval', 'success', 'error', 'cancelled'] as const;

export type AgentState = (typeof AGENT_STATES)[number];

const AGENT_STATE_SET: ReadonlySet<string> = new Set(AGENT_STATES);

export function isAgentState(value: unknown): value is AgentState {
  return typeof value === 'string' && AGENT_STATE_SET.has(value);
}

/** States that revert to `waiting_for_reply` after the terminal hold. */
export const TERMINAL_STATES: ReadonlySet<AgentState> = new Set<AgentState>(['success', 'error', 'cancelled']);

/** States that mean a person is needed; they preempt a Demo or a Show. */
export const ATTENTION_STATES: ReadonlySet<AgentState> = new Set<AgentState>(['waiting_for_reply', 'waiting_for_approval']);
