import type { ProfileDocument } from './schema.js';

/**
 * The sections of a profile that passed structural validation. A section that
 * failed is absent, and every semantic rule that needs it is skipped, so one
 * broken section does not hide the rules the others break.
 */
export type ProfileParts = Partial<Omit<ProfileDocument, 'grid' | 'surface'>> & {
  readonly grid: Partial<ProfileDocument['grid']>;
  readonly surface: Partial<ProfileDocument['surface']>;
};

/** Records a broken rule: its number in the spec's evaluation order, its JSON location, what is wrong. */
export type Report = (rank: number, path: string, message: string) => void;

export type GridRows = ProfileDocument['grid']['rows'];

export const GRID_SIZE = 8;

/** True when the rows form the 8x8 matrix the rest of the rules assume. */
export function isFullGrid(rows: GridRows): boolean {
  return rows.length === GRID_SIZE && rows.every((row) => row.length === GRID_SIZE);
}
