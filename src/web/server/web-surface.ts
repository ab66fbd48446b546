import type { ExperienceView, ShowFrame, Surface, SurfaceDescriptor, SurfaceEvent, SurfaceView, VisualFrame } from '../../domain/index.js';
import { VISUAL_PROTOCOL_VERSION } from '../../visual-protocol/index.js';
import type { SurfaceEventQueue } from './event-queue.js';
import type { Publisher } from './publisher.js';

/** How `status` names the browser pad (midi-rendering.md §1). */
export const BROWSER_PAD_DESCRIPTOR: SurfaceDescriptor = Object.freeze({
  kind: 'web',
  profile: 'virtual/browser',
  visualProtocol: VISUAL_PROTOCOL_VERSION,
  input: 'Browser controls',
  output: 'Browser display',
});

/**
 * The browser pad as one more surface of the hub: renders become `surface`
 * broadcasts, Show frames `performance_frame`, experience lifecycle views
 * `experience_state`; presses from every browser come back through
 * `pollEvents`. It has the daemon's eight Scenes and identity accents.
 */
export class WebSurface implements Surface {
  readonly descriptor = BROWSER_PAD_DESCRIPTOR;
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

  render(view: SurfaceView, frame?: VisualFrame): void {
    if (!this.#closed) this.#publisher.publishSurface(view, frame);
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

  onInput(wake: () => void): void {
    this.#events.onPush(wake);
  }

  /** Starts the bridge shutdown (§17); `WebBridge.close()` returns the promise to await. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#shutdown();
  }
}
