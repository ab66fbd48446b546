import { OFF_TOKEN, parseAccentToken, type LightToken } from '../domain/light-token.js';
import { accentColor, rgbToHex } from './accents.js';
import { protocolToken } from './prompt-canvas.js';

/**
 * CSS colours of the 22 palette tokens on the virtual (browser) surface
 * (visual-protocol-1.md §13). Informative for MIDI, which uses profile palettes.
 */
export const SEMANTIC_CSS_COLORS: Readonly<Record<LightToken, string>> = Object.freeze({
  off: '#11171c',
  idle: '#46535c',
  activity: '#a9d5ff',
  'state:running:primary': '#3389e8',
  'state:running:summary': '#245f9d',
  'state:waiting_for_reply:primary': '#f2f5f7',
  'state:waiting_for_reply:summary': '#8e99a2',
  'state:user_typing:primary': '#14bcc7',
  'state:user_typing:summary': '#087b83',
  'state:waiting_for_approval:primary': '#f0b63f',
  'state:waiting_for_approval:summary': '#9c7628',
  'state:success:primary': '#55c76a',
  'state:success:summary': '#347d43',
  'state:error:primary': '#ef5b64',
  'state:error:summary': '#963d43',
  'state:cancelled:primary': '#84909a',
  'state:cancelled:summary': '#505960',
  'action:approve:enabled': '#55c76a',
  'action:reject:enabled': '#ef5b64',
  'action:stop:enabled': '#ef5b64',
  'action:retry:enabled': '#3389e8',
  'system:overflow': '#f0b63f',
});

const OFF_CSS_COLOR = SEMANTIC_CSS_COLORS[OFF_TOKEN] as string;

/**
 * The browser colour of any token: palette tokens from the table, accents from
 * their reference RGB (dimmed unless selected), our extension tokens as their
 * Visual Protocol 1 hue, and the `off` colour for anything unknown, as the
 * reference browser does.
 */
export function cssColorForToken(token: LightToken): string {
  const accent = parseAccentToken(token);
  if (accent !== null) {
    const color = accentColor(accent.name);
    if (color === null) return OFF_CSS_COLOR;
    return accent.role === 'selected' ? color.hex : rgbToHex(color.dimRgb);
  }
  // Option pads and tier frames (our extension) take the colour of their Visual Protocol 1 hue.
  const known = protocolToken(token);
  return Object.hasOwn(SEMANTIC_CSS_COLORS, known) ? (SEMANTIC_CSS_COLORS[known] as string) : OFF_CSS_COLOR;
}
