import type { AgentState, ControlAction, SurfaceView, VisualFrame } from '../../domain/index.js';
import { VISUAL_PROTOCOL_VERSION, compileVisualFrame, visualFrameToJson, type VisualFrameJson } from '../../visual-protocol/index.js';
import { BROWSER_SELECTOR_CAPACITY, WEB_PROTOCOL_VERSION } from '../limits.js';
import { sceneLabel } from './labels.js';

export interface SurfaceSessionJson {
  slot: number;
  state: AgentState;
  selected: boolean;
  accent: string;
  label: string;
}

export interface SurfaceMessage {
  protocol: 1;
  type: 'surface';
  visual_protocol: number;
  view: {
    selected_state: AgentState | null;
    frame: number;
    sessions: SurfaceSessionJson[];
    available_actions: ControlAction[];
    overflow_count: number;
    activity_motion: boolean;
  };
  visual_frame: VisualFrameJson;
}

/**
 * The `surface` message of §10.3. The frame comes from the same compiler the
 * MIDI renderer uses, so a browser and a Launchpad always show one meaning.
 * The hub hands over the frame it compiled for every surface; alone (the
 * public app, tests) the view is compiled here. Sessions outside the eight browser slots are left out (the compiler skips
 * them too), keeping the message inside the published schema.
 */
export function surfaceMessage(view: SurfaceView, frame: VisualFrame = compileVisualFrame(view, BROWSER_SELECTOR_CAPACITY)): SurfaceMessage {
  const sessions = view.sessions
    .filter((session) => session.slot >= 0 && session.slot < BROWSER_SELECTOR_CAPACITY)
    .map((session) => ({
      slot: session.slot,
      state: session.state,
      selected: session.selected,
      accent: session.accent,
      label: sceneLabel(session.label, session.slot, session.host),
    }));
  return {
    protocol: WEB_PROTOCOL_VERSION,
    type: 'surface',
    visual_protocol: VISUAL_PROTOCOL_VERSION,
    view: {
      selected_state: view.selectedState,
      frame: view.frame,
      sessions,
      available_actions: [...view.availableActions].sort(),
      overflow_count: view.overflowCount,
      activity_motion: view.activityMotion,
    },
    visual_frame: visualFrameToJson(frame),
  };
}
