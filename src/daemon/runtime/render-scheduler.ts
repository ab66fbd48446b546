import { RUNNING_ACTIVITY_INTERVAL } from '../../visual-protocol/index.js';

export interface RenderInputs {
  readonly revision: number;
  readonly now: number;
  readonly previewActive: boolean;
  readonly selectedState: string | null;
}

/**
 * The render bookkeeping of control-plane.md §17.1/§17.7: a frame counter,
 * the revision last rendered and the next activity-motion deadline. Many
 * changes between two render steps collapse into one render because only the
 * revision at render time is compared.
 */
export class RenderScheduler {
  readonly #activityMotion: boolean;
  #frame = 0;
  #renderedRevision = -1;
  #nextActivityRender = 0;

  constructor(activityMotion: boolean) {
    this.#activityMotion = activityMotion;
  }

  /** The frame number the next render carries. */
  get frame(): number {
    return this.#frame;
  }

  /** Makes the next render step render whatever the revision (after an experience ends or is stopped). */
  force(): void {
    this.#renderedRevision = -1;
  }

  shouldRender(inputs: RenderInputs): boolean {
    const refreshRunning = this.#refreshesRunning(inputs) && inputs.now >= this.#nextActivityRender;
    return this.#renderedRevision !== inputs.revision || refreshRunning;
  }

  /** When the activity motion asks for its next re-render; Infinity while it does not apply (nothing selected runs, a preview shows, motion is off). */
  nextMotionAt(inputs: Omit<RenderInputs, 'revision' | 'now'>): number {
    return this.#refreshesRunning(inputs) ? this.#nextActivityRender : Number.POSITIVE_INFINITY;
  }

  #refreshesRunning(inputs: Pick<RenderInputs, 'previewActive' | 'selectedState'>): boolean {
    return !inputs.previewActive && this.#activityMotion && inputs.selectedState === 'running';
  }

  /** Records a render made at `now` of `revision` with the current frame number. */
  rendered(revision: number, now: number): void {
    this.#frame += 1;
    this.#renderedRevision = revision;
    this.#nextActivityRender = now + RUNNING_ACTIVITY_INTERVAL;
  }
}
