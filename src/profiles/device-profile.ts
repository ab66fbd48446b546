import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  IDLE_TOKEN,
  ACTIVITY_TOKEN,
  OFF_TOKEN,
  OVERFLOW_TOKEN,
  type ControlAction,
  type LightToken,
  type SurfaceGeometry,
} from '../domain/index.js';
import { addressKey } from './address.js';
import type { ProfileAddress } from './schema-primitives.js';
import type { ConformanceLevel, ProfileDocument } from './schema.js';

export type DeepReadonly<T> = T extends (infer I)[] ? readonly DeepReadonly<I>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A role an address plays on the surface; one address may have several (a status pad is also a grid pad). */
export type AddressRole =
  | { readonly role: 'grid'; readonly x: number; readonly y: number }
  | { readonly role: 'action'; readonly action: ControlAction }
  | { readonly role: 'selector'; readonly slot: number }
  | { readonly role: 'status'; readonly slot: number }
  | { readonly role: 'overflow' }
  | { readonly role: 'showcase-top' | 'showcase-right'; readonly index: number };

/** The roles that turn a press into a surface event. */
export type ControlRole = Extract<AddressRole, { role: 'action' } | { role: 'selector' }>;

export interface AccentColors {
  readonly selected: number;
  readonly unselected: number;
}

/** Tables derived once from the document, so renderers and input mapping never search it. */
export interface ProfileLookup {
  readonly selectorCount: number;
  readonly accentNames: readonly string[];
  readonly conformance: ReadonlySet<ConformanceLevel>;
  /** The 22 palette tokens (in PALETTE_TOKENS order) → palette value. */
  readonly colors: ReadonlyMap<LightToken, number>;
  readonly accents: ReadonlyMap<string, AccentColors>;
  /** addressKey → every role of that address. */
  readonly roles: ReadonlyMap<string, readonly AddressRole[]>;
  /** addressKey → the action or selector a press on that address means. */
  readonly controls: ReadonlyMap<string, ControlRole>;
}

/** A validated, frozen profile: the document (defaults filled) plus where it came from and its lookup tables. */
export type DeviceProfile = DeepReadonly<ProfileDocument> & {
  readonly source: string;
  readonly lookup: ProfileLookup;
};

function flattenPalette(palette: ProfileDocument['palette']): Map<LightToken, number> {
  const colors = new Map<LightToken, number>([
    [OFF_TOKEN, palette.off],
    [IDLE_TOKEN, palette.idle],
    [ACTIVITY_TOKEN, palette.activity],
  ]);
  for (const state of AGENT_STATES) {
    colors.set(`state:${state}:primary`, palette.states[state].primary);
    colors.set(`state:${state}:summary`, palette.states[state].summary);
  }
  for (const action of CONTROL_ACTIONS) colors.set(`action:${action}:enabled`, palette.actions[action].enabled);
  colors.set(OVERFLOW_TOKEN, palette.system.overflow);
  return colors;
}

function roleTable(doc: ProfileDocument): Map<string, AddressRole[]> {
  const roles = new Map<string, AddressRole[]>();
  const add = (address: ProfileAddress, role: AddressRole) => {
    const key = addressKey(address);
    const list = roles.get(key);
    if (list === undefined) roles.set(key, [role]);
    else list.push(role);
  };
  const { kind, channel, rows } = doc.grid;
  rows.forEach((row, y) => row.forEach((number, x) => add({ kind, number, channel }, { role: 'grid', x, y })));
  for (const action of CONTROL_ACTIONS) {
    const address = doc.surface.actions[action];
    if (address !== undefined) add(address, { role: 'action', action });
  }
  doc.surface.agent_selectors.forEach((address, slot) => add(address, { role: 'selector', slot }));
  doc.surface.agent_statuses.forEach((address, slot) => add(address, { role: 'status', slot }));
  if (doc.surface.indicators.overflow !== undefined) add(doc.surface.indicators.overflow, { role: 'overflow' });
  doc.surface.showcase.top.forEach((address, index) => add(address, { role: 'showcase-top', index }));
  doc.surface.showcase.right.forEach((address, index) => add(address, { role: 'showcase-right', index }));
  return roles;
}

function controlTable(roles: ReadonlyMap<string, readonly AddressRole[]>): Map<string, ControlRole> {
  const controls = new Map<string, ControlRole>();
  for (const [key, list] of roles) {
    // Actions win over selectors; validation already forbids an address being both.
    const control = list.find((r) => r.role === 'action') ?? list.find((r) => r.role === 'selector');
    if (control !== undefined) controls.set(key, control as ControlRole);
  }
  return controls;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Builds the frozen profile from a document that passed every rule. */
export function buildDeviceProfile(doc: ProfileDocument, source: string): DeviceProfile {
  const roles = roleTable(doc);
  const lookup: ProfileLookup = {
    selectorCount: doc.surface.agent_selectors.length,
    accentNames: Object.freeze(doc.accents.map((accent) => accent.name)),
    conformance: new Set(doc.conformance as ConformanceLevel[]),
    colors: flattenPalette(doc.palette),
    accents: new Map(doc.accents.map(({ name, selected, unselected }) => [name, Object.freeze({ selected, unselected })])),
    roles,
    controls: controlTable(roles),
  };
  return deepFreeze({ ...doc, source, lookup: Object.freeze(lookup) }) as DeviceProfile;
}

/** The address of grid pad (x, y), y = 0 being the top row. */
export function gridAddress(profile: DeviceProfile, x: number, y: number): ProfileAddress {
  const number = profile.grid.rows[y]?.[x];
  if (number === undefined) throw new RangeError(`grid pad (${x}, ${y}) is outside the 8x8 grid`);
  return { kind: profile.grid.kind, number, channel: profile.grid.channel };
}

/** What a press on `address` means on this profile, if anything. */
export function controlAt(profile: DeviceProfile, address: ProfileAddress): ControlRole | undefined {
  return profile.lookup.controls.get(addressKey(address));
}

/** The Agent Scenes and accent order a profile gives a surface. */
export function profileGeometry(profile: DeviceProfile): SurfaceGeometry {
  return { selectorCapacity: profile.lookup.selectorCount, accentNames: profile.lookup.accentNames };
}
