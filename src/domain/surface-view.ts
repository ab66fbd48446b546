import type { AgentState } from './agent-state.js';
import type { ControlAction } from './control-action.js';
import type { SurfacePrompt } from './prompt.js';

/** One visible session as a surface shows it: the Scene button and the status pad of its slot. */
export interface SessionIndicator {
  readonly slot: number;
  readonly state: AgentState;
  readonly selected: boolean;
  /** Accent name; not validated here (an unknown accent fails at colour resolution). */
  readonly accent: string;
  /** Display only (browser legend); Visual Protocol 1 ignores it. */
  readonly label: string;
  /** The machine the session runs on when it is not this one (display only, like the label). */
  readonly host?: string;
}

/** An agent without a Scene (overflow), for surfaces that can list and select it (the browser). */
export interface OverflowAgent {
  /** Opaque and stable while the session lives; an `agent_selected` event names it. Never a session id. */
  readonly ref: number;
  readonly state: AgentState;
  readonly label: string;
  /** The accent it last had on a Scene, or null if it never had one. */
  readonly accent: string | null;
  /** As on SessionIndicator: the machine it runs on when it is not this one. */
  readonly host?: string;
}

/**
 * The most overflow agents a view lists (`overflowCount` says how many there
 * are): as many as the browser's list shows, which keeps its message far
 * below the 16384-byte frame limit, and a render with a hundred agents in
 * overflow copies eight, not a hundred.
 */
export const LISTED_OVERFLOW = 8;

/** The hardware-independent snapshot the control plane hands to every surface. */
export interface SurfaceView {
  readonly selectedState: AgentState | null;
  readonly frame: number;
  readonly sessions: readonly SessionIndicator[];
  readonly availableActions: ReadonlySet<ControlAction>;
  readonly overflowCount: number;
  readonly activityMotion: boolean;
  /**
   * The first LISTED_OVERFLOW agents behind `overflowCount`, the next to get
   * a Scene first; only the control plane fills it in (a Demo or a replayed view has none). Visual
   * Protocol 1 ignores it.
   */
  readonly overflow?: readonly OverflowAgent[];
  /**
   * What the selected agent asks right now (a described approval, or a
   * question with options), for surfaces that can show it; absent under a
   * preview and when nothing is asked. Only the control plane fills it in.
   */
  readonly prompt?: SurfacePrompt;
  /**
   * Approve is being held for a destructive command (hold to approve): how
   * far, in HOLD_FILL_STEPS steps, from 1 (just pressed) to HOLD_FILL_STEPS
   * (held long enough). Only the control plane fills it in.
   */
  readonly hold?: ApproveHoldView;
  /**
   * Why a Demo or Show start would be refused right now, as the daemon
   * decides it; absent when one would start. Only the control plane fills it
   * in, so a surface can say so before anyone presses Start.
   */
  readonly experienceBlock?: ExperienceBlock;
}

/** Why a Demo or Show start is refused (control-plane.md §17.4); today one reason: some agent waits for an approval or a reply. */
export const EXPERIENCE_BLOCKS = ['agent_attention_required'] as const;
export type ExperienceBlock = (typeof EXPERIENCE_BLOCKS)[number];

/** How many steps a hold's fill takes: one canvas row each, so the fill rises steadily and never flashes. */
export const HOLD_FILL_STEPS = 8;

export interface ApproveHoldView {
  /** 1..HOLD_FILL_STEPS. */
  readonly filled: number;
}

export interface SessionIndicatorInit {
  slot: number;
  state: AgentState;
  selected?: boolean;
  accent?: string;
  label?: string;
}

export interface SurfaceViewInit {
  selectedState: AgentState | null;
  frame?: number;
  sessions?: readonly SessionIndicatorInit[];
  availableActions?: Iterable<ControlAction>;
  overflowCount?: number;
  activityMotion?: boolean;
  prompt?: SurfacePrompt;
}

/** Builds a view with the protocol's defaults (frame 0, no sessions, no actions, no overflow, no motion). */
export function makeSurfaceView(init: SurfaceViewInit): SurfaceView {
  return {
    selectedState: init.selectedState,
    frame: init.frame ?? 0,
    sessions: (init.sessions ?? []).map((s) => ({
      slot: s.slot,
      state: s.state,
      selected: s.selected ?? false,
      accent: s.accent ?? 'cyan',
      label: s.label ?? '',
    })),
    availableActions: new Set(init.availableActions ?? []),
    overflowCount: init.overflowCount ?? 0,
    activityMotion: init.activityMotion ?? false,
    ...(init.prompt === undefined ? {} : { prompt: init.prompt }),
  };
}
