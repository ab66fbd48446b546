import type { ExperienceKind } from './surface-event.js';

export type ExperienceStatus = 'idle' | 'blocked' | 'starting' | 'playing';

/**
 * The lifecycle of a Demo or Show as surfaces see it (experiences.md §8): the
 * 15 fields of the browser's `experience_state` message, camelCased. The
 * experience player builds it; a browser surface forwards it, a MIDI surface
 * has no use for it.
 */
export interface ExperienceView {
  readonly status: ExperienceStatus;
  readonly kind: ExperienceKind | null;
  readonly title: string | null;
  readonly cueIndex: number | null;
  readonly caption: string | null;
  readonly detail: string | null;
  readonly elapsedMs: number;
  readonly durationMs: number | null;
  readonly tempo: number;
  readonly audioAsset: string | null;
  readonly audioCue: string | null;
  readonly audioSlot: number | null;
  readonly audioSequence: number;
  readonly startDelayMs: number;
  readonly reason: string | null;
}

/** Before anything played (§8 "Initial idle"); every other view starts from it. */
export const IDLE_EXPERIENCE_VIEW: ExperienceView = Object.freeze({
  status: 'idle',
  kind: null,
  title: null,
  cueIndex: null,
  caption: null,
  detail: null,
  elapsedMs: 0,
  durationMs: null,
  tempo: 1,
  audioAsset: null,
  audioCue: null,
  audioSlot: null,
  audioSequence: 0,
  startDelayMs: 0,
  reason: null,
});
