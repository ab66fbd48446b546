import { IDENTITY_ACCENTS, type ShowFrame, type SurfaceEvent, type SurfaceView } from '../../domain/index.js';
import type { SurfaceDescriptor } from '../../wire/index.js';
import { closeAllInReverse, initializeAllOrClose } from '../../surfaces/member-lifecycle.js';
import { describeSurface, type Surface } from '../surface.js';
import { describeError, type DaemonLogger } from './logger.js';

/** Without surfaces the daemon runs headless with the browser's geometry: eight slots, all accents. */
const HEADLESS_CAPACITY = IDENTITY_ACCENTS.length;

/**
 * The daemon's surfaces as one (midi-rendering.md §13): all must agree on
 * slot count and accent order. Unlike the reference composite, a surface that
 * throws while rendering or polling is logged and skipped, so one unplugged
 * device cannot stop the daemon or starve the other surfaces.
 */
export class SurfaceSet {
  readonly #surfaces: Surface[];
  readonly #logger: DaemonLogger;
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  #closed = false;

  constructor(surfaces: readonly Surface[], logger: DaemonLogger) {
    this.#surfaces = [...surfaces];
    this.#logger = logger;
    const first = surfaces[0];
    this.selectorCapacity = first?.selectorCapacity ?? HEADLESS_CAPACITY;
    this.accentNames = first?.accentNames ?? IDENTITY_ACCENTS.slice(0, HEADLESS_CAPACITY);
    this.#checkGeometry(surfaces);
  }

  get headless(): boolean {
    return this.#surfaces.length === 0;
  }

  get descriptors(): SurfaceDescriptor[] {
    return this.#surfaces.flatMap(describeSurface);
  }

  /**
   * In order. If one fails, every surface is closed — also those after it,
   * which the reference leaves open (a deliberate deviation; each close
   * tolerates never having been initialised) — and the error is re-thrown.
   */
  initialize(): void {
    initializeAllOrClose(this.#surfaces, () => this.close());
  }

  /**
   * Surfaces opened after the daemon started: they must have this set's
   * geometry (a headless set has the controllers' and the browser's). They are
   * initialised here and then render and poll with the others. If the
   * geometry differs or one fails to initialise, all of them are closed and
   * the error re-thrown; when this set is closed already they are closed and
   * the result is false.
   */
  add(surfaces: readonly Surface[]): boolean {
    const closeThem = () => closeAllInReverse(surfaces);
    if (this.#closed) {
      closeThem();
      return false;
    }
    // The geometry check is the first initialisation step, so a mismatch closes them like a failed initialise.
    initializeAllOrClose([{ initialize: () => this.#checkGeometry(surfaces) }, ...surfaces], closeThem);
    this.#surfaces.push(...surfaces);
    return true;
  }

  render(view: SurfaceView): void {
    this.#each('render', (surface) => surface.render(view));
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#each('renderShowFrame', (surface) => surface.renderShowFrame(frame));
  }

  /** Every surface's pending events, in surface order. */
  pollEvents(): SurfaceEvent[] {
    const events: SurfaceEvent[] = [];
    this.#each('pollEvents', (surface) => events.push(...surface.pollEvents()));
    return events;
  }

  /** Idempotent; reverse order; every surface is attempted; the first error is re-thrown. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeAllInReverse(this.#surfaces);
  }

  #checkGeometry(surfaces: readonly Surface[]): void {
    for (const surface of surfaces) {
      if (surface.selectorCapacity !== this.selectorCapacity) {
        throw new RangeError(`surfaces need equal selector capacity: ${surface.profileId} has ${surface.selectorCapacity}, expected ${this.selectorCapacity}`);
      }
      if (surface.accentNames.join() !== this.accentNames.join()) {
        throw new RangeError(`surfaces need the same accent order: ${surface.profileId} has ${surface.accentNames.join(', ')}`);
      }
    }
  }

  #each(operation: string, run: (surface: Surface) => void): void {
    if (this.#closed) return;
    for (const surface of this.#surfaces) {
      try {
        run(surface);
      } catch (error) {
        this.#logger.error(`surface ${surface.profileId}: ${operation} failed: ${describeError(error)}`);
      }
    }
  }
}
