import {
  parseDemoManifest,
  parsePerformanceManifest,
  ExperiencePlayer,
  type DemoManifest,
  type ExperienceOutput,
  type ExperiencePlayerOptions,
  type PerformanceManifest,
} from '../../../src/experiences/index.js';
import { DEMO_PATH, readJson } from './files.js';
import { RecordingAudio, RecordingOutput } from './recording-output.js';
import { referenceTimelineDocument } from './reference-timeline.js';

export const packagedDemo = (): DemoManifest => parseDemoManifest(readJson(DEMO_PATH), DEMO_PATH);
export const timelineShow = (): PerformanceManifest => parsePerformanceManifest(referenceTimelineDocument(), 'constellation');

/** A fresh player on recording output and audio, with the packaged Demo and the reference-timeline Show. */
export function recordingPlayer(options: { hostScore?: boolean; announce?: (line: string) => void } = {}) {
  const output = new RecordingOutput();
  const audio = new RecordingAudio();
  const player = new ExperiencePlayer({ demo: packagedDemo(), show: timelineShow(), output, audio, ...options });
  return { player, output, audio };
}

/**
 * A player drawing through a surface set (a hub of real or recording
 * surfaces), as the daemon's player does, with the packaged Demo and by
 * default the reference-timeline Show.
 */
export function playerOnSurfaces(output: ExperienceOutput, options: Partial<Omit<ExperiencePlayerOptions, 'demo' | 'output'>> = {}): ExperiencePlayer {
  return new ExperiencePlayer({ demo: packagedDemo(), show: timelineShow(), output, ...options });
}
