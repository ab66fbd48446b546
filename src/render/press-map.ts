import { actionPressed, CONTROL_ACTIONS, sessionSelected, type SurfaceEvent } from '../domain/index.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import type { ProfileAddress } from '../profiles/schema-primitives.js';

const NUMBERS = 128;
const CHANNELS = 16;

const slotOf = (address: Pick<ProfileAddress, 'kind' | 'number' | 'channel'>) =>
  ((address.kind === 'note' ? 0 : 1) * CHANNELS + address.channel) * NUMBERS + address.number;

/**
 * Which surface event a press on an address means (midi-rendering.md §10 step 3):
 * action controls first, then Agent Scene selectors; every other address —
 * status pads, canvas pads, the overflow indicator, unassigned rail buttons —
 * means nothing. Kind, number and channel must all match. The events are built
 * once, so a press allocates nothing.
 */
export class PressMap {
  readonly #events: (SurfaceEvent | undefined)[] = new Array<SurfaceEvent | undefined>(2 * CHANNELS * NUMBERS);

  constructor(profile: DeviceProfile) {
    const surface = profile.surface;
    // Selectors first so that an action on the same address (forbidden by validation anyway) would win.
    surface.agent_selectors.forEach((address, slot) => (this.#events[slotOf(address)] = Object.freeze(sessionSelected(slot))));
    for (const action of CONTROL_ACTIONS) {
      const address = surface.actions[action];
      if (address !== undefined) this.#events[slotOf(address)] = Object.freeze(actionPressed(action));
    }
  }

  eventFor(address: Pick<ProfileAddress, 'kind' | 'number' | 'channel'>): SurfaceEvent | undefined {
    return this.#events[slotOf(address)];
  }
}
