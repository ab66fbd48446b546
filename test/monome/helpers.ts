import { fileURLToPath } from 'node:url';
import { gridProfiles, loadCatalog, type MonomeGridProfile } from '../../src/profiles/index.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { MextGrid } from '../hardware-mocks/mext-grid.mjs';

export const BUILTIN_ROOT = fileURLToPath(new URL('../../profiles/', import.meta.url));

export async function builtinGridProfiles(): Promise<readonly MonomeGridProfile[]> {
  return gridProfiles((await loadCatalog({ builtinRoot: BUILTIN_ROOT })).surfaces);
}

export async function gridProfile(id: string): Promise<MonomeGridProfile> {
  const profile = (await builtinGridProfiles()).find((p) => p.id === id);
  if (profile === undefined) throw new Error(`no built-in ${id}`);
  return profile;
}

/** FTDI 0403:6001 with a mext serial number: what an older grid lists as. */
export const FTDI_GRID = { manufacturer: 'FTDI', vendorId: 0x0403, productId: 0x6001, serialNumber: 'm1000123' } as const;

/** A mock serial binding with one fake grid plugged in at `path`. */
export function bindingWithGrid(path: string, grid = new MextGrid()) {
  const binding = new MockSerialBinding().createPort(path, FTDI_GRID, (bytes) => grid.receive(bytes));
  return { binding, grid };
}

export { eventually } from '../e2e/helpers.js';
