import { IDLE_EXPERIENCE_VIEW, type ExperienceKind, type ExperienceView } from '../domain/index.js';

export { IDLE_EXPERIENCE_VIEW, type ExperienceStatus, type ExperienceView } from '../domain/index.js';

/** §8 "Idle after stop": the kind that was playing and why it stopped. */
export function stoppedView(kind: ExperienceKind, reason: string): ExperienceView {
  return Object.freeze({ ...IDLE_EXPERIENCE_VIEW, kind, reason });
}

/** §8 "Blocked": the requested kind and why it was refused; playback is unaffected. */
export function blockedView(kind: ExperienceKind, reason: string): ExperienceView {
  return Object.freeze({ ...IDLE_EXPERIENCE_VIEW, status: 'blocked', kind, reason });
}

export interface ShowHeader {
  readonly title: string;
  readonly durationMs: number;
  readonly tempo: number;
  readonly audioAsset: string;
}

/** §8 "Show starting": the lead-in, before any cue is drawn. */
export function showStartingView(show: ShowHeader, startDelayMs: number): ExperienceView {
  return Object.freeze({
    ...IDLE_EXPERIENCE_VIEW,
    status: 'starting',
    kind: 'show',
    title: show.title,
    durationMs: show.durationMs,
    tempo: show.tempo,
    audioAsset: show.audioAsset,
    startDelayMs,
  });
}

export interface ShowCueInfo {
  readonly cueIndex: number;
  readonly caption: string;
  readonly act: string;
  readonly elapsedMs: number;
}

/** §8 "Show playing": sent once per cue change. */
export function showPlayingView(show: ShowHeader, cue: ShowCueInfo): ExperienceView {
  return Object.freeze({
    ...showStartingView(show, 0),
    status: 'playing',
    cueIndex: cue.cueIndex,
    caption: cue.caption,
    detail: cue.act,
    elapsedMs: cue.elapsedMs,
  });
}

export interface DemoStageInfo {
  readonly title: string;
  readonly stageIndex: number;
  readonly caption: string;
  readonly detail: string;
  readonly audioCue: string | null;
  readonly audioSlot: number | null;
  readonly audioSequence: number;
}

/** §8 "Demo playing": sent with every stage publication. */
export function demoPlayingView(stage: DemoStageInfo): ExperienceView {
  return Object.freeze({
    ...IDLE_EXPERIENCE_VIEW,
    status: 'playing',
    kind: 'demo',
    title: stage.title,
    cueIndex: stage.stageIndex,
    caption: stage.caption,
    detail: stage.detail,
    audioCue: stage.audioCue,
    audioSlot: stage.audioSlot,
    audioSequence: stage.audioSequence,
  });
}
