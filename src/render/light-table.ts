import { CONTROL_ACTIONS, type ControlAction } from '../domain/index.js';
import { addressKey } from '../profiles/address.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import type { ProfileAddress } from '../profiles/schema-primitives.js';
import { statusByteFor } from '../midi/midi-encoding.js';

export const GRID_SIZE = 8;

/**
 * Every distinct address of a profile numbered 0..count-1 ("lights"), with the
 * status and number bytes that write it, and each surface role as light indices.
 * Built once per profile so that a frame render only indexes typed arrays.
 * One address playing several roles (a showcase light that is also an action)
 * is one light, so the last-sent cache keyed by light is keyed by address, as
 * midi-rendering.md §4 requires.
 */
export interface LightTable {
  readonly count: number;
  /** Note On or Control Change status byte, channel included, of each light. */
  readonly status: Uint8Array;
  /** Note or controller number of each light. */
  readonly number: Uint8Array;
  /** Grid pad (x, y) is `grid[y * 8 + x]`, y = 0 the top row. */
  readonly grid: Uint16Array;
  /** The 56 canvas cells row-major (y = 0..7, x = 0..6), placed by the state region. */
  readonly canvas: Uint16Array;
  readonly selectors: Uint16Array;
  readonly statuses: Uint16Array;
  /** Actions the profile maps, in canonical order, with their lights. */
  readonly mappedActions: readonly ControlAction[];
  readonly actions: Uint16Array;
  readonly overflow: number | null;
  readonly showcaseTop: Uint16Array;
  readonly showcaseRight: Uint16Array;
  /** Lights the address-based clear writes, each once, in a deterministic order. */
  readonly clearOrder: Uint16Array;
  /**
   * Lights a semantic render writes, in the order of midi-rendering.md §7:
   * canvas, selectors, statuses, mapped actions, overflow.
   */
  readonly semanticOrder: Uint16Array;
}

export function buildLightTable(profile: DeviceProfile): LightTable {
  const indexByKey = new Map<string, number>();
  const status: number[] = [];
  const number: number[] = [];
  const lightOf = (address: ProfileAddress): number => {
    const key = addressKey(address);
    let index = indexByKey.get(key);
    if (index === undefined) {
      index = status.length;
      indexByKey.set(key, index);
      status.push(statusByteFor(address.kind, address.channel));
      number.push(address.number);
    }
    return index;
  };
  const { kind, channel, rows } = profile.grid;
  const grid = Uint16Array.from(rows.flatMap((row) => row.map((pad) => lightOf({ kind, number: pad, channel }))));
  const surface = profile.surface;
  const region = surface.state_region;
  const canvas = new Uint16Array(region.width * region.height);
  for (let y = 0; y < region.height; y += 1) {
    for (let x = 0; x < region.width; x += 1) canvas[y * region.width + x] = grid[(region.y + y) * GRID_SIZE + region.x + x]!;
  }
  const selectors = Uint16Array.from(surface.agent_selectors.map(lightOf));
  const statuses = Uint16Array.from(surface.agent_statuses.map(lightOf));
  const mappedActions = CONTROL_ACTIONS.filter((action) => surface.actions[action] !== undefined);
  const actions = Uint16Array.from(mappedActions.map((action) => lightOf(surface.actions[action]!)));
  const overflowAddress = surface.indicators.overflow;
  const overflow = overflowAddress === undefined ? null : lightOf(overflowAddress);
  const showcaseTop = Uint16Array.from(surface.showcase.top.map(lightOf));
  const showcaseRight = Uint16Array.from(surface.showcase.right.map(lightOf));
  const overflowList = overflow === null ? [] : [overflow];
  // The reference clears in hash-set order; this is the spec's recommended fixed order.
  const clearOrder = Uint16Array.from(new Set([...grid, ...actions, ...selectors, ...statuses, ...showcaseTop, ...showcaseRight, ...overflowList]));
  const semanticOrder = Uint16Array.from([...canvas, ...selectors, ...statuses, ...actions, ...overflowList]);
  return {
    count: status.length,
    status: Uint8Array.from(status),
    number: Uint8Array.from(number),
    grid,
    canvas,
    selectors,
    statuses,
    mappedActions,
    actions,
    overflow,
    showcaseTop,
    showcaseRight,
    clearOrder,
    semanticOrder,
  };
}
