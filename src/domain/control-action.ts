import type { AgentState } from './agent-state.js';

/**
 * Control actions in canonical order. This is not the physical top-rail order
 * (retry sits left of stop there); ordered outputs follow this order.
 */
export const CONTROL_ACTIONS = ['approve', 'reject', 'stop', 'retry'] as const;

export type ControlAction = (typeof CONTROL_ACTIONS)[number];

const CONTROL_ACTION_SET: ReadonlySet<string> = new Set(CONTROL_ACTIONS);

export function isControlAction(value: unknown): value is ControlAction {
  return typeof value === 'string' && CONTROL_ACTION_SET.has(value);
}

/** The states in which the selected session may receive each action. */
export const ACTION_PERMITTED_STATES: Readonly<Record<ControlAction, ReadonlySet<AgentState>>> = Object.freeze({
  approve: new Set<AgentState>(['waiting_for_approval']),
  reject: new Set<AgentState>(['waiting_for_approval']),
  stop: new Set<AgentState>(['running']),
  retry: new Set<AgentState>(['error', 'cancelled']),
});

export function isActionPermitted(action: ControlAction, state: AgentState): boolean {
  return ACTION_PERMITTED_STATES[action].has(state);
}

/** Actions that make a request-scoped subscription a pending approval. */
export const APPROVAL_ACTIONS: ReadonlySet<ControlAction> = new Set<ControlAction>(['approve', 'reject']);
