import type { ExperienceKind, SurfaceEvent } from '../../domain/index.js';

/** Why an experience stopped (experiences.md §8). */
export type ExperienceStopReason = 'stopped' | 'complete' | 'agent_attention_required' | 'daemon_stopped' | 'cancelled' | 'closed';

/** The text surfaces show when a start request is refused (control-plane.md §17.4). */
export const ATTENTION_BLOCK_REASON = 'An agent is waiting for approval or a reply.';

/**
 * The Demo/Show controller as the daemon drives it (experiences.md §9). The
 * real controller renders its own frames and lifecycle views to the surfaces;
 * the runtime only starts, stops, routes presses and ticks it.
 */
export interface ExperienceController {
  /** The playing experience, or null when idle. */
  readonly activeKind: ExperienceKind | null;
  /** Starts when idle (true); ignored while something plays (false). */
  start(kind: ExperienceKind, now: number): boolean;
  /** Stops a playing experience (true); false when idle. */
  stop(reason: ExperienceStopReason): boolean;
  /** Tells the surfaces a start request was refused; playback is unchanged. */
  block(kind: ExperienceKind, reason: string): void;
  /** A Scene or action press while active: the Demo consumes it, the Show swallows it. */
  handleEvent(event: SurfaceEvent, now: number): void;
  /** Advances playback; true when the experience just finished by itself. */
  tick(now: number): boolean;
}

/** For a daemon without Demo/Show: nothing ever plays and start requests go nowhere. */
export const NO_EXPERIENCES: ExperienceController = Object.freeze({
  activeKind: null,
  start: () => false,
  stop: () => false,
  block: () => undefined,
  handleEvent: () => undefined,
  tick: () => false,
});
