import type { ExperienceKind, ExperienceStatus, ExperienceView } from '../../domain/index.js';
import { WEB_PROTOCOL_VERSION } from '../limits.js';

export { IDLE_EXPERIENCE_VIEW, type ExperienceStatus, type ExperienceView } from '../../domain/index.js';

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
