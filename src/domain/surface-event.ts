import type { ControlAction } from './control-action.js';

export type ExperienceKind = 'demo' | 'show';

/** What a surface reports: semantics only. Surfaces never name an agent; the control plane adds the selected identity. */
export type SurfaceEvent =
  | { readonly type: 'action_pressed'; readonly action: ControlAction }
  | { readonly type: 'session_selected'; readonly slot: number }
  | { readonly type: 'experience_requested'; readonly kind: ExperienceKind }
  | { readonly type: 'experience_stop_requested' };

export const actionPressed = (action: ControlAction): SurfaceEvent => ({ type: 'action_pressed', action });
export const sessionSelected = (slot: number): SurfaceEvent => ({ type: 'session_selected', slot });
export const experienceRequested = (kind: ExperienceKind): SurfaceEvent => ({ type: 'experience_requested', kind });
export const experienceStopRequested = (): SurfaceEvent => ({ type: 'experience_stop_requested' });
