import { describe, expect, it } from 'vitest';
import { didYouMean, suggestClosest } from '../../src/support/did-you-mean.js';

describe('suggestClosest', () => {
  const commands = ['status', 'symbols', 'send-state', 'doctor', 'demo'];

  it('names the candidate a typo most likely meant', () => {
    expect(suggestClosest('staus', commands)).toBe('status');
    expect(suggestClosest('doctr', commands)).toBe('doctor');
    expect(suggestClosest('--jsno', ['--json', '--socket', '--watch'])).toBe('--json');
  });

  it('suggests nothing when no candidate is close, none exist, or the input is already known', () => {
    expect(suggestClosest('xyzzy', commands)).toBeUndefined();
    expect(suggestClosest('staus', [])).toBeUndefined();
    expect(suggestClosest('status', commands)).toBeUndefined();
  });

  it('allows one differing letter even in a short name', () => {
    expect(suggestClosest('dem', ['demo', 'show'])).toBe('demo');
  });

  it('phrases the suggestion as a parenthesis, or nothing', () => {
    expect(didYouMean('staus', commands)).toBe(' (did you mean status?)');
    expect(didYouMean('xyzzy', commands)).toBe('');
  });
});
