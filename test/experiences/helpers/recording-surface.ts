import { IDENTITY_ACCENTS, type SurfaceEvent } from '../../../src/domain/index.js';
import type { ExperienceAwareSurface } from '../../../src/experiences/index.js';
import { RecordingOutput, type Recorded } from './recording-output.js';

/** A browser-like surface: records views, Show frames and lifecycle views in one log, as RecordingOutput does; hands out queued presses. */
export class RecordingSurface extends RecordingOutput implements ExperienceAwareSurface {
  readonly profileId = 'test/browser-like';
  readonly surfaceKind = 'web' as const;
  readonly inputName = 'Recording In';
  readonly outputName = 'Recording Out';
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  readonly visualProtocol = 1;
  #pending: SurfaceEvent[] = [];

  constructor(capacity = 4) {
    super();
    this.selectorCapacity = capacity;
    this.accentNames = IDENTITY_ACCENTS.slice(0, capacity);
  }

  press(...events: SurfaceEvent[]): void {
    this.#pending.push(...events);
  }
  initialize(): void {}
  pollEvents(): readonly SurfaceEvent[] {
    const events = this.#pending;
    this.#pending = [];
    return events;
  }
  close(): void {}

  /** Entries logged since `mark` (a previous log length). */
  since(mark: number): Recorded[] {
    return this.log.slice(mark);
  }
}
