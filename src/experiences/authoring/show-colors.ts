import { makeShowColor, OFF_TOKEN, type AccentName, type ShowColor } from '../../domain/index.js';
import { cssColorForToken } from '../../visual-protocol/index.js';
import { SHOW_FALLBACK_TOKENS, type ShowState } from '../vocabulary.js';

/*
 * The Show authoring palette (experiences.md §11.2–11.3): a colour is either a
 * vocabulary token drawn in the same RGB the browser pad uses for it, or an
 * exact RGB that names the token a palette-only device shows instead.
 */

const TOKEN_SET: ReadonlySet<string> = new Set(SHOW_FALLBACK_TOKENS);

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function checkedToken(fallback: string): string {
  if (!TOKEN_SET.has(fallback)) throw new RangeError(`${JSON.stringify(fallback)} is not a Show fallback token`);
  return fallback;
}

/** Dark: the only colour whose fallback is `off`. */
export const OFF: ShowColor = makeShowColor(OFF_TOKEN, [0, 0, 0]);

/** A vocabulary token in its canonical colour. */
export function token(fallback: string): ShowColor {
  if (checkedToken(fallback) === OFF_TOKEN) return OFF;
  return makeShowColor(fallback, hexToRgb(cssColorForToken(fallback)));
}

export const stateColor = (state: ShowState, bright = true): ShowColor => token(`state:${state}:${bright ? 'primary' : 'summary'}`);

export const accentShowColor = (accent: AccentName, bright = true): ShowColor => token(`accent:${accent}:${bright ? 'selected' : 'unselected'}`);

/** An exact colour; `fallback` is what palette-only devices light instead. Pure black must be OFF. */
export function rgb(red: number, green: number, blue: number, fallback: string): ShowColor {
  if (checkedToken(fallback) === OFF_TOKEN || red + green + blue === 0) {
    throw new RangeError('dark is OFF: black RGB and the off fallback only go together');
  }
  return makeShowColor(fallback, [red, green, blue]);
}

/** The dim partner of a bright fallback; dim tokens and `off` are their own partners. */
export function dimToken(fallback: string): string {
  return fallback.replace(/:primary$/, ':summary').replace(/:selected$/, ':unselected');
}

/** A dimmed version: tokens become their dim partner, exact colours keep 30 % of each channel. */
export function dim(color: ShowColor): ShowColor {
  if (color === OFF) return OFF;
  const partner = dimToken(color.fallback);
  const exact = token(color.fallback);
  if (exact.rgb.every((channel, i) => channel === color.rgb[i])) return token(partner);
  const scaled = color.rgb.map((channel) => Math.round(channel * 0.3));
  return scaled.every((channel) => channel === 0) ? OFF : makeShowColor(partner, scaled);
}

/**
 * A colour `t` (0..1) of the way from `from` to `to`. The fallback is the
 * nearer end's; when that end is dark, the other end's dim partner, so a lit
 * RGB never falls back to `off`.
 */
export function blend(from: ShowColor, to: ShowColor, t: number): ShowColor {
  if (!(t >= 0 && t <= 1)) throw new RangeError(`blend position must be 0..1, got ${t}`);
  const mixed = from.rgb.map((channel, i) => Math.round(channel + (to.rgb[i]! - channel) * t));
  if (mixed.every((channel) => channel === 0)) return OFF;
  const [nearer, farther] = t < 0.5 ? [from, to] : [to, from];
  return makeShowColor(nearer === OFF ? dimToken(farther.fallback) : nearer.fallback, mixed);
}
