import type { DeepReadonly } from './device-profile.js';
import type { PaletteSysexCapability } from './schema.js';
import type { PaletteGroupToken } from './schema-palette-sysex.js';

/** One byte of a batched palette group: a literal, or a token the encoder fills in. */
export type PaletteGroupItem = number | PaletteGroupToken;

/** The group of the Launchpad Pro Mk1 / MK2 "0Ah" message: LED number, palette value. */
export const DEFAULT_PALETTE_GROUP: readonly PaletteGroupItem[] = ['led', 'value'];

/** A `palette_sysex` capability with its optional group resolved. */
export interface PaletteBatchLayout {
  readonly prefix: readonly number[];
  readonly batchSize: number;
  readonly group: readonly PaletteGroupItem[];
}

export function paletteBatchLayout(capability: DeepReadonly<PaletteSysexCapability>): PaletteBatchLayout {
  return { prefix: capability.sysex_prefix, batchSize: capability.batch_size, group: capability.group ?? DEFAULT_PALETTE_GROUP };
}

/** Why a group cannot carry one LED's palette value, or [] when it can. */
export function paletteGroupProblems(group: readonly PaletteGroupItem[]): string[] {
  const problems: string[] = [];
  for (const token of ['led', 'value'] as const) {
    if (group.filter((item) => item === token).length !== 1) problems.push(`needs "${token}" exactly once`);
  }
  return problems;
}
