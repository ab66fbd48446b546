import {
  LISTED_OVERFLOW,
  type AgentState,
  type ControlAction,
  type ExperienceBlock,
  type PressOutcome,
  type PressTarget,
  type SurfaceView,
} from '../../domain/index.js';
import { WEB_PROTOCOL_VERSION } from '../limits.js';
import { sanitizeLabel, sceneLabel } from './labels.js';

/*
 * Our extensions of Web Surface Protocol 1. A client receives none of these
 * messages unless it asked for them with `use_extensions` after
 * authenticating, so a client written for the reference protocol (the
 * reference's own app) sees exactly the reference's message stream.
 */

/**
 * `press_results`: one `press_result` per action, agent selection or option
 * answer this connection sends. `overflow`: the `overflow` list. `prompts`:
 * the `prompt` message (prompt-message.ts) whenever what the selected agent
 * asks changes. `holds`: the daemon takes `action_hold` (a button held down
 * and let go: hold to approve); it sends nothing more for it.
 * `experience_block`: the `experience_block` message whenever whether a Demo
 * or Show start would be refused changes, so a page can say so before Start.
 */
export const WEB_EXTENSIONS = ['press_results', 'overflow', 'prompts', 'holds', 'experience_block'] as const;
export type WebExtension = (typeof WEB_EXTENSIONS)[number];

export const isWebExtension = (name: unknown): name is WebExtension => (WEB_EXTENSIONS as readonly unknown[]).includes(name);

export interface ExtensionsMessage {
  protocol: 1;
  type: 'extensions';
  extensions: WebExtension[];
}

export interface AgentJson {
  slot: number | null;
  label: string;
  accent: string | null;
}

export interface PressResultMessage {
  protocol: 1;
  type: 'press_result';
  /** What was pressed: an action, `select` for `select_agent`, `answer` for `answer_option`. */
  press: PressKind;
  /** `dropped`: the daemon was too busy to take the press (its queue was full). */
  outcome: PressOutcome['kind'] | 'dropped';
  /** Why nothing happened, for `refused`, `not_selected` and `not_answered`; else null. */
  reason: string | null;
  /** Whom it reached, for `delivered`, `selected` and `answered`; else null. */
  agent: AgentJson | null;
}

export type PressKind = ControlAction | 'select' | 'answer';

export interface OverflowAgentJson {
  /** The ref `select_agent` takes. */
  agent: number;
  state: AgentState;
  label: string;
  accent: string | null;
}

export interface OverflowMessage {
  protocol: 1;
  type: 'overflow';
  /** Every agent without a Scene, also those not listed. */
  count: number;
  /** The first of them, in the order they would get a Scene. */
  agents: OverflowAgentJson[];
}

export interface ExperienceBlockMessage {
  protocol: 1;
  type: 'experience_block';
  /** Why a start_experience now would be refused (the daemon's own decision), or null when it would start. */
  reason: ExperienceBlock | null;
}

export function extensionsMessage(extensions: readonly WebExtension[]): ExtensionsMessage {
  return { protocol: WEB_PROTOCOL_VERSION, type: 'extensions', extensions: [...extensions] };
}

const agentJson = (target: PressTarget): AgentJson => ({ slot: target.slot, label: sanitizeLabel(target.label, target.slot), accent: target.accent });

export function pressResultMessage(press: PressKind, outcome: PressOutcome | 'dropped'): PressResultMessage {
  const message: PressResultMessage = { protocol: WEB_PROTOCOL_VERSION, type: 'press_result', press, outcome: 'dropped', reason: null, agent: null };
  if (outcome === 'dropped') return message;
  message.outcome = outcome.kind;
  if (outcome.kind === 'refused' || outcome.kind === 'not_selected' || outcome.kind === 'not_answered') message.reason = outcome.reason;
  if (outcome.kind === 'delivered' || outcome.kind === 'selected' || outcome.kind === 'answered') message.agent = agentJson(outcome.agent);
  return message;
}

export function experienceBlockMessage(view: SurfaceView): ExperienceBlockMessage {
  return { protocol: WEB_PROTOCOL_VERSION, type: 'experience_block', reason: view.experienceBlock ?? null };
}

export function overflowMessage(view: SurfaceView): OverflowMessage {
  return {
    protocol: WEB_PROTOCOL_VERSION,
    type: 'overflow',
    count: view.overflowCount,
    agents: (view.overflow ?? []).slice(0, LISTED_OVERFLOW).map((agent) => ({
      agent: agent.ref,
      state: agent.state,
      label: sceneLabel(agent.label, null, agent.host),
      accent: agent.accent,
    })),
  };
}
