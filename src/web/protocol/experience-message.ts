import type { ExperienceKind } from '../../domain/index.js';
import { WEB_PROTOCOL_VERSION } from '../limits.js';

export type ExperienceStatus = 'idle' | 'blocked' | 'starting' | 'playing';

/**
 * The lifecycle of a Demo or Show as surfaces see it (experiences.md §8). The
 * experience controller builds it; the browser surface forwards it as
 * `experience_state` and a MIDI surface ignores it.
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

/** What browsers see before any experience ran (§10.4). */
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

export interface ExperienceStateMessage {
  protocol: 1;
  type: 'experience_state';
  status: ExperienceStatus;
  kind: ExperienceKind | null;
  title: string | null;
  cue_index: number | null;
  caption: string | null;
  detail: string | null;
  elapsed_ms: number;
  duration_ms: number | null;
  tempo: number;
  audio_asset: string | null;
  audio_cue: string | null;
  audio_slot: number | null;
  audio_sequence: number;
  start_delay_ms: number;
  reason: string | null;
}

/** All 15 fields, always present (§10.4). */
export function experienceStateMessage(view: ExperienceView): ExperienceStateMessage {
  return {
    protocol: WEB_PROTOCOL_VERSION,
    type: 'experience_state',
    status: view.status,
    kind: view.kind,
    title: view.title,
    cue_index: view.cueIndex,
    caption: view.caption,
    detail: view.detail,
    elapsed_ms: view.elapsedMs,
    duration_ms: view.durationMs,
    tempo: view.tempo,
    audio_asset: view.audioAsset,
    audio_cue: view.audioCue,
    audio_slot: view.audioSlot,
    audio_sequence: view.audioSequence,
    start_delay_ms: view.startDelayMs,
    reason: view.reason,
  };
}

/** Idle and blocked end any Show picture: browsers and the frame cache drop it (§13.2). */
export function endsShowPicture(status: ExperienceStatus): boolean {
  return status === 'idle' || status === 'blocked';
}
