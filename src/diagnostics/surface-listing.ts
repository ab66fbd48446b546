import type { HidListing } from '../hid/listing.js';
import { isGridPort } from '../monome/grid-ports.js';
import type { SerialListing } from '../serial/listing.js';
import type { DeckModelSpec } from '../stream-deck/library.js';
import { deckModelOf } from '../stream-deck/deck-driver.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/** A serial or HID controller the daemon would open, as diagnostics list it (nothing is opened). */
export interface SurfaceMatch {
  readonly kind: 'serial' | 'hid';
  /** "monome grid" or the library's model name, e.g. "Stream Deck MK.2". */
  readonly device: string;
  readonly path: string;
  readonly serialNumber: string | null;
}

/**
 * The monome grids and Stream Decks among the listed serial ports and HID
 * devices. Which profile drives one is decided when it is opened: a grid by
 * the size it reports, a Stream Deck by its model's key grid.
 */
export function surfaceMatches(serial: SerialListing, hid: HidListing, deckModels: readonly DeckModelSpec[]): SurfaceMatch[] {
  const grids: SurfaceMatch[] = serial.available
    ? serial.ports.filter(isGridPort).map((port) => ({ kind: 'serial', device: 'monome grid', path: port.path, serialNumber: port.serialNumber ?? null }))
    : [];
  const decks: SurfaceMatch[] = hid.available
    ? hid.devices.flatMap((device) => {
        const model = deckModelOf(deckModels, device);
        return model === undefined ? [] : [{ kind: 'hid' as const, device: model.name, path: device.path, serialNumber: device.serialNumber ?? null }];
      })
    : [];
  return [...grids, ...decks];
}

export const surfaceMatchJson = (match: SurfaceMatch) => ({ kind: match.kind, device: match.device, path: match.path, serial_number: match.serialNumber });

/** Device names, paths and serial numbers come from the system and the device: escaped for the terminal. */
export const describeSurfaceMatch = (match: SurfaceMatch) =>
  `${escapeUntrusted(match.device)} [${match.kind}]\n  ${match.kind === 'serial' ? 'port' : 'device'}: ${escapeUntrusted(match.path)}${match.serialNumber === null ? '' : ` (${escapeUntrusted(match.serialNumber)})`}\n`;
