import { describe, expect, it } from 'vitest';
import { RateLimitedLog } from '../../src/support/rate-limited-log.js';

describe('RateLimitedLog', () => {
  it('writes the first note at once and folds the rest of an interval into the next line', () => {
    const lines: string[] = [];
    let now = 0;
    const log = new RateLimitedLog(
      (line) => lines.push(line),
      10_000,
      () => now,
    );
    for (let i = 0; i < 5; i++) log.note('refused');
    expect(lines).toEqual(['refused']);
    now = 10_000;
    log.note('refused');
    now = 25_000;
    log.note('refused');
    expect(lines).toEqual(['refused', 'refused (and 4 more like it since the last such line)', 'refused']);
  });
});
