import type { ExperienceKind, SurfaceEvent } from '../../domain/index.js';
import { DEFAULT_LEAD_IN_SECONDS, preparedForReason } from '../vocabulary.js';
import type { ExperiencePlayer } from './experience-player.js';

export interface StandaloneOptions {
  /** The one kind this command plays. */
  readonly prepared: ExperienceKind;
  /** With a browser surface: wait for the administrator's start request instead of starting at once. */
  readonly waitForRequest: boolean;
  /** Show tempo (the Demo ignores it). */
  readonly tempo?: number;
}

/**
 * The loop logic of the standalone `demo` / `show` commands (experiences.md
 * §10.5), without the loop: the command polls its surfaces, feeds the events
 * here, ticks, and sleeps. Started at once (MIDI) a Show has no lead-in; a
 * browser request gets the usual 0.5 s. One experience per command run.
 */
export class StandaloneSession {
  readonly #player: ExperiencePlayer;
  readonly #options: StandaloneOptions;
  #waiting: boolean;

  constructor(player: ExperiencePlayer, options: StandaloneOptions) {
    this.#player = player;
    this.#options = options;
    this.#waiting = options.waitForRequest;
  }

  /** Whether the command should keep looping. */
  get running(): boolean {
    return this.#waiting || this.#player.activeKind !== null;
  }

  /** Call once after the surfaces are initialised. */
  begin(now: number): void {
    if (!this.#waiting) this.#start(now, 0);
  }

  handle(event: SurfaceEvent, now: number): void {
    switch (event.type) {
      case 'experience_requested':
        if (event.kind !== this.#options.prepared) this.#player.block(event.kind, preparedForReason(this.#options.prepared));
        else if (this.#waiting && this.#start(now, DEFAULT_LEAD_IN_SECONDS)) this.#waiting = false;
        return;
      case 'experience_stop_requested':
        // Also ends a command still waiting for its start (the reference's behaviour; the spec allows either).
        this.#player.stop('stopped');
        this.#waiting = false;
        return;
      default:
        this.#player.handleEvent(event, now);
    }
  }

  /** True when the experience just completed by itself. */
  tick(now: number): boolean {
    return this.#player.tick(now);
  }

  /** Ctrl-C: stop with `cancelled` and leave the loop. */
  interrupt(): void {
    this.#player.stop('cancelled');
    this.#waiting = false;
  }

  /** The final clean-up: anything still playing stops with `closed`. */
  close(): void {
    this.#player.stop('closed');
    this.#waiting = false;
  }

  /** Exit status: success only when the experience ran to its end. */
  get completed(): boolean {
    return this.#player.lastStopReason === 'complete';
  }

  #start(now: number, leadInSeconds: number): boolean {
    return this.#player.start(this.#options.prepared, now, { tempo: this.#options.tempo ?? 1, leadInSeconds });
  }
}
