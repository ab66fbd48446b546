import { IDENTITY_ACCENTS, type AccentName } from '../domain/accent.js';

export type Rgb = readonly [red: number, green: number, blue: number];

/** One identity accent with its reference colours (terminal swatches and the browser; MIDI uses profile palettes). */
export interface AccentColor {
  readonly name: AccentName;
  readonly rgb: Rgb;
  readonly hex: string;
  /** The browser's unselected colour: each channel × ACCENT_DIM_FACTOR, rounded. */
  readonly dimRgb: Rgb;
}

/** How much the browser dims an unselected accent. */
export const ACCENT_DIM_FACTOR = 0.48;

const REFERENCE_RGB: Readonly<Record<AccentName, Rgb>> = {
  cyan: [0, 174, 187],
  magenta: [200, 62, 201],
  lime: [112, 185, 45],
  orange: [230, 126, 34],
  violet: [118, 86, 199],
  teal: [0, 155, 131],
  rose: [217, 76, 118],
  sky: [55, 136, 216],
};

/** `#RRGGBB` with upper-case digits, the form the accent table uses. */
export function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export function dimRgb(rgb: Rgb): Rgb {
  return Object.freeze([Math.round(rgb[0] * ACCENT_DIM_FACTOR), Math.round(rgb[1] * ACCENT_DIM_FACTOR), Math.round(rgb[2] * ACCENT_DIM_FACTOR)] as const);
}

/** The eight accents in identity order. */
export const ACCENT_COLORS: readonly AccentColor[] = Object.freeze(
  IDENTITY_ACCENTS.map((name) => {
    const rgb = Object.freeze([...REFERENCE_RGB[name]] as const) as Rgb;
    return Object.freeze({ name, rgb, hex: rgbToHex(rgb), dimRgb: dimRgb(rgb) });
  }),
);

const ACCENT_BY_NAME: ReadonlyMap<string, AccentColor> = new Map(ACCENT_COLORS.map((accent) => [accent.name, accent]));

/** The reference colours of an identity accent, or null for a name outside the eight. */
export function accentColor(name: string): AccentColor | null {
  return ACCENT_BY_NAME.get(name) ?? null;
}
