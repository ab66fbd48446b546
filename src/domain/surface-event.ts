import type { ControlAction } from './control-action.js';
import type { PressReceipt } from './press-outcome.js';

/** The two experiences a surface can ask the daemon to play (experiences.md). */
export const EXPERIENCE_KINDS = ['demo', 'show'] as const;
export type ExperienceKind = (typeof EXPERIENCE_KINDS)[number];

export const isExperienceKind = (value: unknown): value is ExperienceKind => (EXPERIENCE_KINDS as readonly unknown[]).includes(value);

/** What a surface reports: semantics only. Surfaces never name an agent; the control plane adds the selected identity. */
export type SurfaceEvent =
  /** An action pad went down (or was clicked). */
  | { readonly type: 'action_pressed'; readonly action: ControlAction; readonly receipt?: PressReceipt }
  /**
   * The action pad let go: what decides a hold (hold to approve). A surface
   * that cannot tell when a press ends (a plain click) sends none, and so can
   * never complete a hold.
   */
  | { readonly type: 'action_released'; readonly action: ControlAction }
  | { readonly type: 'session_selected'; readonly slot: number }
  /** Selects an agent by the opaque `ref` of a view's overflow list (an agent without a Scene). */
  | { readonly type: 'agent_selected'; readonly ref: number; readonly receipt?: PressReceipt }
  /**
   * A press on the pad of option `option` (0-based) of question `question` of
   * the question request `ref`, as the surface showed it (SurfacePrompt).
   */
  | { readonly type: 'option_pressed'; readonly ref: number; readonly question: number; readonly option: number; readonly receipt?: PressReceipt }
  | { readonly type: 'experience_requested'; readonly kind: ExperienceKind }
  | { readonly type: 'experience_stop_requested' };

/** A press without a receipt is exactly the reference's event (what a controller sends). */
export const actionPressed = (action: ControlAction, receipt?: PressReceipt): SurfaceEvent =>
  receipt === undefined ? { type: 'action_pressed', action } : { type: 'action_pressed', action, receipt };
export const actionReleased = (action: ControlAction): SurfaceEvent => ({ type: 'action_released', action });
export const sessionSelected = (slot: number): SurfaceEvent => ({ type: 'session_selected', slot });
export const agentSelected = (ref: number, receipt?: PressReceipt): SurfaceEvent =>
  receipt === undefined ? { type: 'agent_selected', ref } : { type: 'agent_selected', ref, receipt };
export const optionPressed = (ref: number, question: number, option: number, receipt?: PressReceipt): SurfaceEvent =>
  receipt === undefined ? { type: 'option_pressed', ref, question, option } : { type: 'option_pressed', ref, question, option, receipt };
export const experienceRequested = (kind: ExperienceKind): SurfaceEvent => ({ type: 'experience_requested', kind });
export const experienceStopRequested = (): SurfaceEvent => ({ type: 'experience_stop_requested' });
