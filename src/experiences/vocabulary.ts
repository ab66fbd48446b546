import { IDENTITY_ACCENTS, OFF_TOKEN } from '../domain/index.js';

/** The eleven earcon names (experiences.md §12.1); manifests may only name these. */
export const EARCON_NAMES = [
  'question',
  'approval',
  'approve',
  'reject',
  'retry',
  'stop',
  'success',
  'error',
  'cancelled',
  'session_selected',
  'unavailable',
] as const;

export type EarconName = (typeof EARCON_NAMES)[number];

/** The agent states whose colours a Show may borrow as fallbacks (§11.3). */
export const SHOW_STATES = ['waiting_for_reply', 'running', 'success', 'error', 'waiting_for_approval'] as const;

export type ShowState = (typeof SHOW_STATES)[number];

/**
 * The 27 fallback tokens a shipped Show may use (§11.3), so a palette-only
 * device can draw every light of it.
 */
export const SHOW_FALLBACK_TOKENS: readonly string[] = Object.freeze([
  OFF_TOKEN,
  ...SHOW_STATES.flatMap((state) => [`state:${state}:primary`, `state:${state}:summary`]),
  ...IDENTITY_ACCENTS.flatMap((accent) => [`accent:${accent}:selected`, `accent:${accent}:unselected`]),
]);

/** Why an experience stopped (§8); the same union as the daemon's ExperienceStopReason. */
export type ExperienceStopReason = 'stopped' | 'complete' | 'agent_attention_required' | 'daemon_stopped' | 'cancelled' | 'closed';

/** §8 block reason of a standalone command asked for the other kind. */
export function preparedForReason(prepared: 'demo' | 'show'): string {
  return `This command is prepared for ${prepared}.`;
}

/** The Demo's terminal stage stays visible this long before the Demo completes (§5.3). */
export const DEMO_TERMINAL_HOLD_SECONDS = 2.0;

/** The daemon's Show lead-in (§7.1). */
export const DEFAULT_LEAD_IN_SECONDS = 0.5;

/** Where the web bundle keeps experience assets; `audio_asset` is this plus the manifest's relative asset (§8). */
export const EXPERIENCE_ASSET_DIR = 'experiences/';
