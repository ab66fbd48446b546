import {
  actionPressed,
  actionReleased,
  CONTROL_ACTIONS,
  EIGHT_SCENES,
  sessionSelected,
  type ShowFrame,
  type Surface,
  type SurfaceEvent,
  type SurfaceView,
  type VisualFrame,
} from '../domain/index.js';
import type { MonomeGridProfile } from '../profiles/surface/index.js';
import { BoundedQueue } from '../support/bounded-queue.js';
import { compileVisualFrame, ShownQuestion } from '../visual-protocol/index.js';
import { GridLights } from './grid-lights.js';
import { ALL_OFF, levelAll } from './mext.js';
import type { MextEvent } from './mext-decoder.js';
import type { MextLink } from './mext-link.js';
import { changedQuads } from './quad-frames.js';

/** At most 30 frames a second: a 16x8 frame is at most 70 bytes, well under 115200 baud's ~11 kB/s. */
export const GRID_FRAME_INTERVAL_MS = 1000 / 30;
/** Key presses kept between polls; a grid mashed faster than the daemon polls loses the oldest. */
const MAX_PENDING_EVENTS = 64;

export interface GridSurfaceOptions {
  readonly link: MextLink;
  readonly profile: MonomeGridProfile;
  /** Called once when the grid stops answering (unplugged); the surface is unusable afterwards. */
  readonly onLost: (error: unknown) => void;
}

/**
 * A monome grid as a hub drives it: each view becomes one level per cell
 * (GridLights), and only what changed since the last frame the grid received
 * is sent (quad-frames.ts). A frame resolves once it is written; the hub's
 * pacer sends one at a time, the newest, at the grid's frame cap. Key downs on
 * Agent Scenes and actions become surface events, and so do those on a
 * question's option pads in the glyph region (as on a MIDI pad's 8x8 grid);
 * every other key means nothing.
 */
export class GridSurface implements Surface {
  readonly #link: MextLink;
  readonly #profile: MonomeGridProfile;
  readonly #lights: GridLights;
  readonly #events = new BoundedQueue<SurfaceEvent>(MAX_PENDING_EVENTS);
  readonly #pressMap = new Map<string, SurfaceEvent>();
  /** The levels the grid shows: what the next frame is compared with (null: nothing yet, send every quad). */
  #shown: Uint8Array | null = null;
  #closing: Promise<void> | null = null;
  /** The question whose option pads the grid shows, so a press there answers it. */
  readonly #question = new ShownQuestion();
  /** Tells the hub a press waits; set when the grid joins. */
  #wake: () => void = () => undefined;
  /** The frame being written, which close() lets finish so no quad is drawn after the grid is darkened. */
  #drawing: Promise<void> = Promise.resolve();

  constructor(options: GridSurfaceOptions) {
    const { link, profile } = options;
    this.#link = link;
    this.#profile = profile;
    this.#lights = new GridLights(profile);
    profile.layout.agent_selectors.forEach(([x, y], slot) => this.#pressMap.set(`${x},${y}`, Object.freeze(sessionSelected(slot))));
    for (const action of CONTROL_ACTIONS) {
      const cell = profile.layout.actions[action];
      if (cell !== undefined) this.#pressMap.set(`${cell[0]},${cell[1]}`, Object.freeze(actionPressed(action)));
    }
    link.listen((event) => this.#onEvent(event), options.onLost);
  }

  initialize(): void {}

  render(view: SurfaceView, frame: VisualFrame = compileVisualFrame(view, EIGHT_SCENES.selectorCapacity)): Promise<void> {
    this.#question.show(view);
    return this.#show(this.#lights.frameLevels(frame));
  }

  renderShowFrame(frame: ShowFrame): Promise<void> {
    this.#question.clear();
    return this.#show(this.#lights.showLevels(frame));
  }

  pollEvents(): SurfaceEvent[] {
    return this.#events.drain();
  }

  /** Darkens the grid and closes the port; resolves once the port is closed and never rejects (the grid may be gone already). */
  close(): Promise<void> {
    this.#closing ??= this.#drawing
      .then(() => this.#link.write(this.#profile.leds === 'varibright' ? levelAll(this.#profile.levels.off) : ALL_OFF))
      .catch(() => {})
      .then(() => this.#link.close());
    return this.#closing;
  }

  #show(levels: Uint8Array): Promise<void> {
    if (this.#closing !== null) return Promise.resolve();
    this.#drawing = this.#draw(levels);
    return this.#drawing;
  }

  async #draw(levels: Uint8Array): Promise<void> {
    for (const message of changedQuads(levels, this.#shown, this.#profile.size, this.#profile.leds)) {
      if (this.#closing !== null) return;
      await this.#link.write(message);
    }
    this.#shown = levels;
  }

  #onEvent(event: MextEvent): void {
    if (event.type !== 'key') return;
    const mapped = this.#pressMap.get(`${event.x},${event.y}`);
    // An action key let go ends a hold (hold to approve); no other key means anything when it comes up.
    const happened = event.down ? (mapped ?? this.#optionAt(event.x, event.y)) : mapped?.type === 'action_pressed' ? actionReleased(mapped.action) : null;
    if (happened === null || happened === undefined) return;
    this.#events.push(happened);
    this.#wake();
  }

  onInput(wake: () => void): void {
    this.#wake = wake;
  }

  /** A key in the glyph region is an option pad while a question shows there. */
  #optionAt(x: number, y: number): SurfaceEvent | null {
    const region = this.#profile.layout.state_region;
    return region === undefined ? null : this.#question.pressAtCell(x - region.x, y - region.y);
  }
}
