import type { SerialPortInfo } from '../serial/serial-port.js';

/*
 * Which serial ports may be monome grids. Sources: libmonome's device table
 * (src/private/devices.h) gives mext grids the serial number "m" + digits
 * (m64-/m128-/m256-, mk and m40h serials are older protocols we do not speak);
 * grids up to 2021 are FTDI FT232R parts, USB 0403:6001; the RP2040-based ones
 * (and RP2040 DIY grids such as okyeron/neotrellis-monome) report the USB
 * manufacturer string "monome" with the same serial form. We found no
 * published vendor/product id for monome's own RP2040 grids, so those match by
 * manufacturer. Whatever matches is still asked for its size (mext 0x05)
 * before it is used, so a look-alike that does not answer is left alone.
 */

export const FTDI_VENDOR_ID = 0x0403;
export const FTDI_FT232R_PRODUCT_ID = 0x6001;
const MEXT_SERIAL = /^m\d+$/;

export function isGridPort(port: SerialPortInfo): boolean {
  if (port.serialNumber === undefined || !MEXT_SERIAL.test(port.serialNumber)) return false;
  if (port.vendorId === FTDI_VENDOR_ID && port.productId === FTDI_FT232R_PRODUCT_ID) return true;
  return port.manufacturer !== undefined && /monome/i.test(port.manufacturer);
}
