import {
  CONTROL_ACTIONS,
  IDENTITY_ACCENTS,
  isActionPermitted,
  makeSurfaceView,
  type AgentState,
  type ControlAction,
  type SurfaceEvent,
  type SurfaceView,
} from '../../domain/index.js';
import type { EarconName } from '../../experiences/vocabulary.js';

/** Eight pretend agents the user drives freely (experiences.md §13 "Sandbox"). */
export interface Sandbox {
  /** Agent state by slot 0..7. */
  readonly states: readonly AgentState[];
  readonly selectedSlot: number;
  readonly publications: number;
}

export interface SandboxStep {
  readonly sandbox: Sandbox;
  readonly cue: EarconName;
  readonly slot: number;
}

export const SANDBOX_INITIAL_STATES: readonly AgentState[] = [
  'waiting_for_reply',
  'running',
  'user_typing',
  'waiting_for_approval',
  'success',
  'error',
  'cancelled',
  'waiting_for_reply',
];

/** What each action turns the selected agent into. */
const ACTION_RESULTS: Readonly<Record<ControlAction, AgentState>> = {
  approve: 'success',
  reject: 'cancelled',
  stop: 'cancelled',
  retry: 'success',
};

export const sandboxLabel = (slot: number) => `Agent ${slot + 1}`;

export const INITIAL_SANDBOX: Sandbox = { states: SANDBOX_INITIAL_STATES, selectedSlot: 0, publications: 0 };

/** The live rule (approve/reject while waiting for approval, stop while running, retry after error or cancel). */
export function sandboxActions(state: AgentState): ControlAction[] {
  return CONTROL_ACTIONS.filter((action) => isActionPermitted(action, state));
}

/** A Scene selects its agent (earcon session_selected); an available action changes the selected agent (earcon = the action). */
export function sandboxInput(sandbox: Sandbox, event: SurfaceEvent): SandboxStep | null {
  if (event.type === 'session_selected') {
    if (event.slot < 0 || event.slot >= sandbox.states.length) return null;
    return { sandbox: { ...sandbox, selectedSlot: event.slot, publications: sandbox.publications + 1 }, cue: 'session_selected', slot: event.slot };
  }
  if (event.type !== 'action_pressed') return null;
  const slot = sandbox.selectedSlot;
  if (!sandboxActions(sandbox.states[slot]!).includes(event.action)) return null;
  const states = sandbox.states.map((state, i) => (i === slot ? ACTION_RESULTS[event.action] : state));
  return { sandbox: { ...sandbox, states, publications: sandbox.publications + 1 }, cue: event.action, slot };
}

/** The state picker: changes one agent silently. */
export function sandboxSetState(sandbox: Sandbox, slot: number, state: AgentState): Sandbox {
  if (slot < 0 || slot >= sandbox.states.length || sandbox.states[slot] === state) return sandbox;
  return { ...sandbox, states: sandbox.states.map((old, i) => (i === slot ? state : old)), publications: sandbox.publications + 1 };
}

export function sandboxView(sandbox: Sandbox): SurfaceView {
  const selected = sandbox.states[sandbox.selectedSlot]!;
  return makeSurfaceView({
    selectedState: selected,
    frame: sandbox.publications,
    sessions: sandbox.states.map((state, slot) => ({
      slot,
      state,
      selected: slot === sandbox.selectedSlot,
      accent: IDENTITY_ACCENTS[slot]!,
      label: sandboxLabel(slot),
    })),
    availableActions: sandboxActions(selected),
  });
}
