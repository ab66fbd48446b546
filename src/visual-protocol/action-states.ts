import type { AgentState } from '../domain/agent-state.js';
import { ACTION_PERMITTED_STATES, CONTROL_ACTIONS, type ControlAction } from '../domain/control-action.js';

/**
 * The action→states table in the conformance fixture's form: keys in canonical
 * action order, each state list sorted alphabetically. Derived from the domain
 * table so the two can never disagree.
 */
export const ACTION_STATES: Readonly<Record<ControlAction, readonly AgentState[]>> = Object.freeze(
  Object.fromEntries(CONTROL_ACTIONS.map((action) => [action, Object.freeze([...ACTION_PERMITTED_STATES[action]].sort())])) as Record<
    ControlAction,
    readonly AgentState[]
  >,
);
