import { actionPressed, CONTROL_ACTIONS, IDENTITY_ACCENTS, sessionSelected, type ControlSurface, type ShowFrame, type SurfaceEvent, type SurfaceView } from '../domain/index.js';
import type { MonomeGridProfile } from '../profiles/surface/index.js';
import { BoundedQueue } from '../support/bounded-queue.js';
import { LatestWinsPump, type PumpTimers } from '../support/latest-wins-pump.js';
import { compileVisualFrame } from '../visual-protocol/index.js';
import { GridLights } from './grid-lights.js';
import { ALL_OFF, levelAll } from './mext.js';
import type { MextEvent } from './mext-decoder.js';
import type { MextLink } from './mext-link.js';
import { changedQuads } from './quad-frames.js';

/** The daemon's geometry: eight Agent Scenes, whatever a profile places. */
const SELECTOR_CAPACITY = 8;
/** At most 30 frames a second: a 16x8 frame is at most 70 bytes, well under 115200 baud's ~11 kB/s. */
export const GRID_FRAME_INTERVAL_MS = 1000 / 30;
/** Key presses kept between polls; a grid mashed faster than the daemon polls loses the oldest. */
const MAX_PENDING_EVENTS = 64;

export interface GridSurfaceOptions {
  readonly link: MextLink;
  readonly profile: MonomeGridProfile;
  /** Called once when the grid stops answering (unplugged); the surface is unusable afterwards. */
  readonly onLost: (error: unknown) => void;
  readonly frameIntervalMs?: number;
  readonly timers?: PumpTimers;
}

/**
 * A monome grid as a control surface: each view becomes one level per cell
 * (GridLights), and only what changed since the last frame the grid received
 * is sent (quad-frames.ts). Frames go out through a latest-wins pump, so a burst
 * of renders never backs up the serial line. Key downs on Agent Scenes and
 * actions become surface events; every other key means nothing.
 */
export class GridSurface implements ControlSurface {
  readonly surfaceKind = 'serial' as const;
  readonly profileId: string;
  readonly inputName: string;
  readonly outputName: string;
  readonly selectorCapacity = SELECTOR_CAPACITY;
  readonly accentNames: readonly string[] = IDENTITY_ACCENTS;
  readonly visualProtocol = 1;
  readonly #link: MextLink;
  readonly #profile: MonomeGridProfile;
  readonly #lights: GridLights;
  readonly #pump: LatestWinsPump<Uint8Array>;
  readonly #events = new BoundedQueue<SurfaceEvent>(MAX_PENDING_EVENTS);
  readonly #pressMap = new Map<string, SurfaceEvent>();
  #closed = false;

  constructor(options: GridSurfaceOptions) {
    const { link, profile } = options;
    this.#link = link;
    this.#profile = profile;
    this.#lights = new GridLights(profile);
    this.profileId = profile.id;
    this.inputName = link.path;
    this.outputName = link.path;
    const size = profile.size;
    this.#pump = new LatestWinsPump<Uint8Array>({
      minIntervalMs: options.frameIntervalMs ?? GRID_FRAME_INTERVAL_MS,
      send: async (levels, shown) => {
        for (const message of changedQuads(levels, shown, size, profile.leds)) await link.write(message);
      },
      onFailure: options.onLost,
      ...(options.timers === undefined ? {} : { timers: options.timers }),
    });
    profile.layout.agent_selectors.forEach(([x, y], slot) => this.#pressMap.set(`${x},${y}`, Object.freeze(sessionSelected(slot))));
    for (const action of CONTROL_ACTIONS) {
      const cell = profile.layout.actions[action];
      if (cell !== undefined) this.#pressMap.set(`${cell[0]},${cell[1]}`, Object.freeze(actionPressed(action)));
    }
    link.listen((event) => this.#onEvent(event), options.onLost);
  }

  /** How many frames were asked for and how many reached the grid (the rest were superseded). */
  get frameCounts(): { readonly offered: number; readonly sent: number } {
    return { offered: this.#pump.offered, sent: this.#pump.sent };
  }

  /** True once every frame asked for has been written. */
  get settled(): boolean {
    return this.#pump.idle;
  }

  initialize(): void {}

  render(view: SurfaceView): void {
    if (this.#closed) return;
    this.#pump.offer(this.#lights.frameLevels(compileVisualFrame(view, SELECTOR_CAPACITY)));
  }

  renderShowFrame(frame: ShowFrame): void {
    if (this.#closed) return;
    this.#pump.offer(this.#lights.showLevels(frame));
  }

  pollEvents(): SurfaceEvent[] {
    return this.#events.drain();
  }

  /** Darkens the grid and closes the port; never throws (the grid may be gone already). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pump.stop();
    void this.#link
      .write(this.#profile.leds === 'varibright' ? levelAll(this.#profile.levels.off) : ALL_OFF)
      .catch(() => {})
      .finally(() => void this.#link.close());
  }

  #onEvent(event: MextEvent): void {
    if (event.type !== 'key' || !event.down) return;
    const pressed = this.#pressMap.get(`${event.x},${event.y}`);
    if (pressed === undefined) return;
    this.#events.push(pressed);
  }
}
