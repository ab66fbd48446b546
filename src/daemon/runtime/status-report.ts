import type { ExperienceKind, SurfaceSet } from '../../domain/index.js';
import type { ControlPlane } from '../control-plane/index.js';
import type { StatusReport } from '../../wire/index.js';

/** What `status` says about a daemon without surfaces; the reference always has one. */
export const HEADLESS_PROFILE = 'headless';
const HEADLESS_PORT = 'none';

export interface StatusSources {
  readonly plane: ControlPlane;
  readonly surfaces: SurfaceSet;
  readonly activityMotion: boolean;
  readonly audioFeedback: boolean;
  readonly experience: ExperienceKind | null;
}

/**
 * The `status` reply (control-plane.md §18, wire-protocol-1.md §7.5). Several
 * surfaces: profiles joined with `+`, inputs and outputs with `; `.
 */
export function buildStatusReport(sources: StatusSources): StatusReport {
  const { plane, surfaces } = sources;
  const descriptors = surfaces.descriptors;
  // A hot-plug hub with no controller open yet describes nothing: report it like a headless daemon.
  const none = descriptors.length === 0;
  return {
    profile: none ? HEADLESS_PROFILE : descriptors.map((d) => d.profile).join('+'),
    visualProtocol: 1,
    input: none ? HEADLESS_PORT : descriptors.map((d) => d.input).join('; '),
    output: none ? HEADLESS_PORT : descriptors.map((d) => d.output).join('; '),
    surfaces: descriptors,
    selected: plane.selection(),
    overflowCount: plane.overflowCount(),
    activityMotion: sources.activityMotion,
    audioFeedback: sources.audioFeedback,
    experience: sources.experience,
    previewActive: plane.previewActive(),
    sessionTtl: plane.sessionTtl,
    // SessionSnapshot carries exactly the status entry fields, already in status order.
    sessions: plane.sessions(),
  };
}
