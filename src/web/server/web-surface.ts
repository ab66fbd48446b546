import type { ControlSurface, ShowFrame, SurfaceEvent, SurfaceView } from '../../domain/index.js';
import { IDENTITY_ACCENTS } from '../../domain/index.js';
import { VISUAL_PROTOCOL_VERSION } from '../../visual-protocol/index.js';
import { BROWSER_SELECTOR_CAPACITY } from '../limits.js';
import type { ExperienceView } from '../protocol/experience-message.js';
import type { SurfaceEventQueue } from './event-queue.js';
import type { Publisher } from './publisher.js';

/**
 * The browser pad as one more control surface (midi-rendering.md §1): renders
 * become `surface` broadcasts, Show frames `performance_frame`, experience
 * lifecycle views `experience_state`; presses from every browser come back
 * through `pollEvents`. The composite mirrors it with any MIDI surface.
 */
export class WebSurface implements ControlSurface {
  readonly profileId = 'virtual/browser';
  readonly surfaceKind = 'web';
  readonly inputName = 'Browser controls';
  readonly outputName = 'Browser display';
  readonly selectorCapacity = BROWSER_SELECTOR_CAPACITY;
  readonly accentNames: readonly string[] = IDENTITY_ACCENTS;
  readonly visualProtocol = VISUAL_PROTOCOL_VERSION;
  readonly #publisher: Publisher;
  readonly #events: SurfaceEventQueue;
  readonly #shutdown: () => void;
  #closed = false;

  constructor(publisher: Publisher, events: SurfaceEventQueue, shutdown: () => void) {
    this.#publisher = publisher;
    this.#events = events;
    this.#shutdown = shutdown;
  }

  /** The listeners are already bound when the bridge hands out its surface; nothing is sent before a render. */
  initialize(): void {}

  render(view: SurfaceView): void {
    if (!this.#closed) this.#publisher.publishSurface(view);
  }

  renderShowFrame(frame: ShowFrame): void {
    if (!this.#closed) this.#publisher.publishShowFrame(frame);
  }

  /** Demo/Show lifecycle for browsers; a MIDI surface has no counterpart. */
  setExperience(view: ExperienceView): void {
    if (!this.#closed) this.#publisher.publishExperience(view);
  }

  pollEvents(): readonly SurfaceEvent[] {
    return this.#events.drain();
  }

  /** Starts the bridge shutdown (§17); `WebBridge.close()` returns the promise to await. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#shutdown();
  }
}
