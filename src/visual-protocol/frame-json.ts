import { CONTROL_ACTIONS, type ControlAction } from '../domain/control-action.js';
import type { VisualFrame } from '../domain/visual-frame.js';
import { protocolToken } from './prompt-canvas.js';

/** The `visual_frame` object of a Web Surface Protocol `surface` message (visual-protocol-1.md §7.6). */
export interface VisualFrameJson {
  state: string[][];
  selectors: string[];
  statuses: string[];
  actions: Record<ControlAction, string>;
  overflow: string;
}

/**
 * A plain, mutable copy ready for JSON.stringify, with the wire's key order;
 * copying keeps the compiler's shared frozen canvases out of message objects.
 * Our extension tokens (option pads, tier frames) become the Visual Protocol
 * 1 token of the same hue, so every Web Surface Protocol client, the
 * reference's included, draws them; our own app learns the rest from the
 * `prompt` extension message.
 */
export function visualFrameToJson(frame: VisualFrame): VisualFrameJson {
  const actions = {} as Record<ControlAction, string>;
  for (const action of CONTROL_ACTIONS) actions[action] = frame.actions[action];
  return {
    state: frame.state.map((row) => row.map(protocolToken)),
    selectors: [...frame.selectors],
    statuses: [...frame.statuses],
    actions,
    overflow: frame.overflow,
  };
}
