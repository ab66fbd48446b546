/*
 * The daemon's serial and HID controller flags, apart from opening those
 * controllers (daemon-surfaces.ts), so the daemon parses them without loading
 * the serial, HID and profile code before it answers its first client.
 */

/** The daemon's serial/HID controller options (monome grids, Stream Decks). */
export const DAEMON_SURFACE_OPTIONS = {
  grid: { type: 'string', multiple: true },
  'no-serial': { type: 'boolean', default: false },
  'no-hid': { type: 'boolean', default: false },
} as const;

export const DAEMON_SURFACE_HELP = `Serial and HID controllers:
  --grid PATH             drive the monome grid at this serial port (repeatable);
                          without it grids are found by their USB identity
  --no-serial             do not look for monome grids
  --no-hid                do not look for Stream Decks

monome grids (mext, 16x8, 8x8, 16x16; varibright or monobright) and Elgato
Stream Decks are picked up when plugged in, like MIDI controllers, using the
surface profiles in the profile folders. On Linux they need udev rules to work
without root: 'pad-lattice udev-rules'.`;

export type SurfaceValues = { grid?: string[]; 'no-serial'?: boolean; 'no-hid'?: boolean };
