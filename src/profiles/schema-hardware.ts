import { z } from 'zod';
import { arrayOf, closedObject, integerFrom } from './schema-primitives.js';

/*
 * Pad-Lattice extensions that describe the hardware behind a profile rather
 * than what it shows (absent, a profile means exactly Schema 1).
 */

const USB_ID_TEXT = 'must be four hexadecimal digits, as lsusb prints them (e.g. "1235")';
const usbId = z.string({ error: USB_ID_TEXT }).regex(/^[0-9a-f]{4}$/, { error: USB_ID_TEXT });

export const usbSchema = closedObject({
  vendor_id: usbId,
  product_ids: arrayOf(usbId).min(1, { error: 'must be a non-empty array of product ids' }),
}).meta({
  description:
    'A Pad-Lattice extension: the USB vendor id and the product ids of this model (lowercase hex, as lsusb prints them); `pad-lattice devices` and `doctor` show them. They identify the model; ports are still matched by name.',
});

export const maxMessagesPerSecondSchema = integerFrom(1, 100_000).meta({
  description:
    'A Pad-Lattice extension: the most MIDI messages a second the device takes without dropping any (the original Launchpad: 400). The daemon paces its output to it; what has to wait keeps only the latest value per light.',
});

export type UsbIdentity = z.output<typeof usbSchema>;
