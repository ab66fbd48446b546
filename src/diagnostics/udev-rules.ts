import { FTDI_FT232R_PRODUCT_ID, FTDI_VENDOR_ID } from '../monome/grid-ports.js';
import type { DeckModelSpec } from '../stream-deck/library.js';

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/**
 * Linux udev rules that let the person at the machine use monome grids and
 * Stream Decks without root: TAG+="uaccess" gives the logged-in seat user
 * access to the device node (systemd-logind), nobody else. Stream Decks are
 * listed per model from the library's table; grids by their USB identity
 * (grid-ports.ts): FTDI 0403:6001 with a mext serial, or the "monome"
 * manufacturer string.
 */
export function udevRules(deckModels: readonly DeckModelSpec[]): string {
  const lines = [
    '# Pad-Lattice: monome grids and Stream Decks without root.',
    '# Install: pad-lattice udev-rules | sudo tee /etc/udev/rules.d/70-pad-lattice.rules',
    '#          sudo udevadm control --reload-rules && sudo udevadm trigger',
    '# then unplug and replug the device.',
    '',
    '# monome grids (mext serial): older ones are FTDI FT232R with serial "m" + digits.',
    `SUBSYSTEM=="tty", ATTRS{idVendor}=="${hex4(FTDI_VENDOR_ID)}", ATTRS{idProduct}=="${hex4(FTDI_FT232R_PRODUCT_ID)}", ATTRS{serial}=="m[0-9]*", MODE="0660", TAG+="uaccess"`,
    '# Newer (RP2040) grids report the manufacturer "monome".',
    'SUBSYSTEM=="tty", ATTRS{manufacturer}=="monome", MODE="0660", TAG+="uaccess"',
    '',
    '# Stream Decks: the USB device (node-hid may use libusb) and its hidraw node.',
  ];
  const seen = new Set<string>();
  for (const model of deckModels) {
    for (const productId of model.productIds) {
      const key = `${hex4(model.vendorId)}:${hex4(productId)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`# ${model.name}`);
      lines.push(`SUBSYSTEM=="usb", ATTRS{idVendor}=="${hex4(model.vendorId)}", ATTRS{idProduct}=="${hex4(productId)}", MODE="0660", TAG+="uaccess"`);
      lines.push(`KERNEL=="hidraw*", ATTRS{idVendor}=="${hex4(model.vendorId)}", ATTRS{idProduct}=="${hex4(productId)}", MODE="0660", TAG+="uaccess"`);
    }
  }
  return `${lines.join('\n')}\n`;
}
