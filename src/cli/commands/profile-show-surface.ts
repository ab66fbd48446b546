import type { DeviceProfile, SurfaceProfile } from '../../profiles/index.js';

/** How a serial/HID surface is reached, in the words of `status`. */
const TRANSPORT: Readonly<Record<SurfaceProfile['driver'], string>> = {
  'serial.monome-grid': 'a monome grid (serial)',
  'hid.stream-deck': 'a Stream Deck (USB HID)',
};

/** The fields every `profile show --json` summary starts with, of either kind of profile. */
export function identitySummary(profile: DeviceProfile | SurfaceProfile) {
  const { id, name, manufacturer, family, model, status, driver, visual_protocol } = profile;
  return { id, name, manufacturer, family, model, status, driver, visual_protocol };
}

/** What `profile show --json` says of a surface profile: the fields a device profile's summary has, where they apply. */
export function surfaceSummary(profile: SurfaceProfile) {
  return {
    ...identitySummary(profile),
    size: profile.size,
    selector_slots: profile.layout.agent_selectors.length,
    actions: Object.keys(profile.layout.actions).sort(),
  };
}

/** The rows of `profile show` for a surface profile. */
export function surfaceRows(profile: SurfaceProfile): [string, string][] {
  const { columns, rows } = profile.size;
  const lights: [string, string] =
    profile.driver === 'serial.monome-grid'
      ? ['lights', profile.leds === 'varibright' ? 'varibright: 16 levels of brightness' : 'monobright: on or off']
      : ['brightness', `${profile.brightness} %`];
  return [
    ['status', profile.status],
    ['opens', `automatically, whenever ${TRANSPORT[profile.driver]} with ${columns} x ${rows} keys is connected`],
    ['manufacturer', `${profile.manufacturer} / ${profile.family} / ${profile.model}`],
    ['driver', profile.driver],
    ['size', `${columns} columns x ${rows} rows`],
    ['selector slots', String(profile.layout.agent_selectors.length)],
    ['actions', Object.keys(profile.layout.actions).sort().join(', ') || 'none'],
    lights,
    ['source', profile.source],
  ];
}
