import { describe, expect, it } from 'vitest';
import { IDENTITY_ACCENTS } from '../../src/domain/index.js';
import { ControlPlane, type ControlPlaneConfig } from '../../src/daemon/control-plane/index.js';

function build(overrides: Partial<ControlPlaneConfig>): ControlPlane {
  return new ControlPlane({ selectorCapacity: 4, accentNames: IDENTITY_ACCENTS.slice(0, 4), ...overrides });
}

describe('control plane configuration (control-plane.md §1)', () => {
  it('applies the defaults', () => {
    const plane = build({});
    expect([plane.selectorCapacity, plane.terminalHold, plane.actionDebounce, plane.sessionTtl]).toEqual([4, 2.0, 0.25, 86400]);
    expect(plane.accentNames).toEqual(['cyan', 'magenta', 'lime', 'orange']);
  });

  it('accepts every capacity 1..8 with the matching accent prefix', () => {
    for (let capacity = 1; capacity <= 8; capacity += 1) {
      expect(new ControlPlane({ selectorCapacity: capacity, accentNames: IDENTITY_ACCENTS.slice(0, capacity) }).selectorCapacity).toBe(capacity);
    }
  });

  it.each([
    ['capacity 0', { selectorCapacity: 0, accentNames: [] }, /selectorCapacity/],
    ['capacity 9', { selectorCapacity: 9, accentNames: [...IDENTITY_ACCENTS, 'gold'] }, /selectorCapacity/],
    ['fractional capacity', { selectorCapacity: 2.5 }, /selectorCapacity/],
    ['too few accents', { accentNames: ['cyan', 'magenta', 'lime'] }, /accentNames/],
    ['repeated accents', { accentNames: ['cyan', 'cyan', 'lime', 'orange'] }, /accentNames must not repeat/],
    ['not the identity prefix', { accentNames: ['magenta', 'cyan', 'lime', 'orange'] }, /identity accent order/],
    ['negative terminal hold', { terminalHold: -0.1 }, /terminalHold/],
    ['negative debounce', { actionDebounce: -1 }, /actionDebounce/],
    ['negative ttl', { sessionTtl: -1 }, /sessionTtl/],
    ['NaN ttl', { sessionTtl: Number.NaN }, /sessionTtl/],
  ] as const)('rejects %s with a RangeError naming the field', (_name, overrides, message) => {
    expect(() => build(overrides as Partial<ControlPlaneConfig>)).toThrow(RangeError);
    expect(() => build(overrides as Partial<ControlPlaneConfig>)).toThrow(message);
  });

  it('accepts zero for the hold, the debounce and the ttl', () => {
    expect(() => build({ terminalHold: 0, actionDebounce: 0, sessionTtl: 0 })).not.toThrow();
  });
});
