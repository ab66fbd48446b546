import type { ShowFrame } from '../../domain/index.js';

export interface PerformanceCue {
  /** Index into the manifest's `acts`. */
  readonly act: number;
  readonly durationMs: number;
  /** The cue's own caption; `captionAt` gives the inherited one. */
  readonly caption: string | null;
  /** Palette indices resolved into colours (experiences.md §6.3). */
  readonly frame: ShowFrame;
}

export interface PerformanceAudio {
  /** Normalised safe path relative to the manifest's directory. */
  readonly asset: string;
  readonly mimeType: 'audio/wav';
  readonly durationMs: number;
}

/** A checked Performance Manifest 1 (experiences.md §6). */
export interface PerformanceManifest {
  readonly id: string;
  readonly title: string;
  readonly durationMs: number;
  readonly acts: readonly string[];
  readonly cues: readonly PerformanceCue[];
  readonly audio: PerformanceAudio;
}
