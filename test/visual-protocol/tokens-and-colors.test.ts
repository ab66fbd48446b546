import { describe, expect, it } from 'vitest';
import { PALETTE_TOKENS } from '../../src/domain/index.js';
import {
  SEMANTIC_CSS_COLORS,
  VISUAL_TOKENS,
  accentColor,
  accentToken,
  actionEnabledToken,
  cssColorForToken,
  isVisualToken,
  rgbToHex,
  stateToken,
} from '../../src/visual-protocol/index.js';

describe('light tokens', () => {
  it('builds the token forms of §6', () => {
    expect(stateToken('user_typing', 'primary')).toBe('state:user_typing:primary');
    expect(stateToken('error', 'summary')).toBe('state:error:summary');
    expect(actionEnabledToken('retry')).toBe('action:retry:enabled');
    expect(accentToken('teal', true)).toBe('accent:teal:selected');
    expect(accentToken('teal', false)).toBe('accent:teal:unselected');
  });

  it('knows 22 palette tokens plus 16 accent tokens', () => {
    expect(VISUAL_TOKENS).toHaveLength(38);
    expect(new Set(VISUAL_TOKENS).size).toBe(38);
    expect(PALETTE_TOKENS.every(isVisualToken)).toBe(true);
    expect(VISUAL_TOKENS.filter((token) => token.startsWith('accent:'))).toHaveLength(16);
  });

  it.each([
    'state:running',
    'state:sleeping:primary',
    'action:approve:disabled',
    'action:approve',
    'accent:chartreuse:selected',
    'accent:cyan:dim',
    'system:underflow',
    'OFF',
    '',
  ])('rejects %j', (token) => {
    expect(isVisualToken(token)).toBe(false);
  });
});

describe('semantic colours (visual-protocol-1.md §13)', () => {
  it('covers exactly the 22 palette tokens', () => {
    expect(Object.keys(SEMANTIC_CSS_COLORS).sort()).toEqual([...PALETTE_TOKENS].sort());
    for (const color of Object.values(SEMANTIC_CSS_COLORS)) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('resolves palette tokens, accents by role, and unknown tokens to the off colour', () => {
    expect(cssColorForToken('state:running:primary')).toBe('#3389e8');
    expect(cssColorForToken('system:overflow')).toBe('#f0b63f');
    expect(cssColorForToken('accent:cyan:selected')).toBe('#00AEBB');
    expect(cssColorForToken('accent:cyan:unselected')).toBe(rgbToHex([0, 84, 90]));
    expect(cssColorForToken('accent:sky:anything-else')).toBe(rgbToHex([26, 65, 104]));
    expect(cssColorForToken('accent:chartreuse:selected')).toBe('#11171c');
    expect(cssColorForToken('toString')).toBe('#11171c');
    expect(cssColorForToken('state:running:glow')).toBe('#11171c');
  });

  it('looks up accents by name only among the eight', () => {
    expect(accentColor('rose')?.hex).toBe('#D94C76');
    expect(accentColor('constructor')).toBeNull();
  });
});
