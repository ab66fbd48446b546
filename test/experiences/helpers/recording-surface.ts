import { IDENTITY_ACCENTS, type ShowFrame, type SurfaceEvent, type SurfaceView } from '../../../src/domain/index.js';
import type { ExperienceAwareSurface, ExperienceView } from '../../../src/experiences/index.js';

export type SurfaceEntry =
  | { readonly kind: 'view'; readonly view: SurfaceView }
  | { readonly kind: 'frame'; readonly frame: ShowFrame }
  | { readonly kind: 'experience'; readonly view: ExperienceView };

/** A browser-like surface: records views, Show frames and lifecycle views in one log; hands out queued presses. */
export class RecordingSurface implements ExperienceAwareSurface {
  readonly profileId = 'test/browser-like';
  readonly surfaceKind = 'web' as const;
  readonly inputName = 'Recording In';
  readonly outputName = 'Recording Out';
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  readonly visualProtocol = 1;
  readonly log: SurfaceEntry[] = [];
  #pending: SurfaceEvent[] = [];

  constructor(capacity = 4) {
    this.selectorCapacity = capacity;
    this.accentNames = IDENTITY_ACCENTS.slice(0, capacity);
  }

  press(...events: SurfaceEvent[]): void {
    this.#pending.push(...events);
  }
  initialize(): void {}
  render(view: SurfaceView): void {
    this.log.push({ kind: 'view', view });
  }
  renderShowFrame(frame: ShowFrame): void {
    this.log.push({ kind: 'frame', frame });
  }
  setExperience(view: ExperienceView): void {
    this.log.push({ kind: 'experience', view });
  }
  pollEvents(): readonly SurfaceEvent[] {
    const events = this.#pending;
    this.#pending = [];
    return events;
  }
  close(): void {}

  get views(): SurfaceView[] {
    return this.log.flatMap((entry) => (entry.kind === 'view' ? [entry.view] : []));
  }
  get experiences(): ExperienceView[] {
    return this.log.flatMap((entry) => (entry.kind === 'experience' ? [entry.view] : []));
  }
  get frames(): ShowFrame[] {
    return this.log.flatMap((entry) => (entry.kind === 'frame' ? [entry.frame] : []));
  }
  /** Entries logged since `mark` (a previous log length). */
  since(mark: number): SurfaceEntry[] {
    return this.log.slice(mark);
  }
}
