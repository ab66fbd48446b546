/** One light of a Show: exact RGB for RGB-capable devices, a palette token for the rest. */
export interface ShowColor {
  readonly fallback: string;
  readonly rgb: readonly [number, number, number];
}

/** A full-surface Show frame: 8x8 grid (row 0 = top) plus the top and right rails. */
export interface ShowFrame {
  readonly grid: readonly (readonly ShowColor[])[];
  readonly top: readonly ShowColor[];
  readonly right: readonly ShowColor[];
}

function isByte(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;
}

/** Makes a ShowColor, refusing an empty fallback or an RGB triple that is not three integers 0..255. */
export function makeShowColor(fallback: string, rgb: readonly number[]): ShowColor {
  if (typeof fallback !== 'string' || fallback.length === 0) {
    throw new RangeError('show colour fallback must be a non-empty token');
  }
  if (!Array.isArray(rgb) || rgb.length !== 3 || !rgb.every(isByte)) {
    throw new RangeError(`show colour rgb must be three integers 0..255, got ${JSON.stringify(rgb)}`);
  }
  return Object.freeze({ fallback, rgb: Object.freeze([rgb[0]!, rgb[1]!, rgb[2]!] as const) });
}
