import { actionPressed, actionReleased, CONTROL_ACTIONS, sessionSelected, type SurfaceEvent } from '../domain/index.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import type { ProfileAddress } from '../profiles/schema-primitives.js';

const NUMBERS = 128;
const CHANNELS = 16;

const slotOf = (address: Pick<ProfileAddress, 'kind' | 'number' | 'channel'>) =>
  ((address.kind === 'note' ? 0 : 1) * CHANNELS + address.channel) * NUMBERS + address.number;

/** A press on a state-canvas pad: the cell, for the surface to read against what it showed there. */
export interface CanvasPress {
  readonly type: 'canvas_pressed';
  readonly x: number;
  readonly y: number;
}

/**
 * Which surface event a press on an address means (midi-rendering.md §10 step 3):
 * action controls first, then Agent Scene selectors, then the state canvas
 * (which means something only while it shows a question's options); every
 * other address — status pads, the overflow indicator, unassigned rail
 * buttons — means nothing. Kind, number and channel must all match. The
 * events are built once, so a press allocates nothing.
 */
export class PressMap {
  readonly #events: (SurfaceEvent | CanvasPress | undefined)[] = new Array<SurfaceEvent | CanvasPress | undefined>(2 * CHANNELS * NUMBERS);
  readonly #releases: (SurfaceEvent | undefined)[] = new Array<SurfaceEvent | undefined>(2 * CHANNELS * NUMBERS);

  constructor(profile: DeviceProfile) {
    const surface = profile.surface;
    const region = surface.state_region;
    const { kind, channel, rows } = profile.grid;
    for (let y = 0; y < region.height; y += 1) {
      for (let x = 0; x < region.width; x += 1) {
        const number = rows[region.y + y]?.[region.x + x];
        if (number !== undefined) this.#events[slotOf({ kind, number, channel })] = Object.freeze({ type: 'canvas_pressed', x, y });
      }
    }
    // Selectors first so that an action on the same address (forbidden by validation anyway) would win.
    surface.agent_selectors.forEach((address, slot) => (this.#events[slotOf(address)] = Object.freeze(sessionSelected(slot))));
    for (const action of CONTROL_ACTIONS) {
      const address = surface.actions[action];
      if (address === undefined) continue;
      this.#events[slotOf(address)] = Object.freeze(actionPressed(action));
      this.#releases[slotOf(address)] = Object.freeze(actionReleased(action));
    }
  }

  eventFor(address: Pick<ProfileAddress, 'kind' | 'number' | 'channel'>): SurfaceEvent | CanvasPress | undefined {
    return this.#events[slotOf(address)];
  }

  /** What letting go of an address means: the end of an action press (hold to approve), or nothing. */
  releaseFor(address: Pick<ProfileAddress, 'kind' | 'number' | 'channel'>): SurfaceEvent | undefined {
    return this.#releases[slotOf(address)];
  }
}
