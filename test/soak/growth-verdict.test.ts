import { describe, expect, it } from 'vitest';
import { judgeGrowth, type Sample } from '../../bench/soak/samples.js';

/** One sample a second for `seconds`, RSS and retained memory as functions of time. */
function run(seconds: number, rss: (at: number) => number, retained: (at: number) => number, step = 1): Sample[] {
  const samples: Sample[] = [];
  for (let at = 0; at <= seconds; at += step) samples.push({ at, rssMb: rss(at), fds: 30, retainedMb: retained(at) });
  return samples;
}

/** RSS as the soak daemon showed it: climbing ~30 MB over 20 s, then dropping at a major collection. */
const sawtooth = (at: number) => 80 + ((at * 1.5) % 30);

describe('the soak growth verdict', () => {
  it('passes a 45 s run whose RSS swings with the collector while retained memory stays flat', () => {
    // Shaped like a recorded 45 s soak: a major collection just before the warm window, then RSS climbs to the end.
    const rss = [
      84, 88, 88, 89, 89, 89, 92, 95, 98, 98, 78, 76, 77, 78, 78, 80, 81, 80, 80, 81, 81, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 101, 104, 106, 106, 107, 107,
      107, 107, 107, 108, 108, 108, 108, 108, 108,
    ];
    const samples = run(
      45,
      (at) => rss[at]!,
      () => 20,
    );
    const verdict = judgeGrowth(samples, 10);
    expect(verdict.rssGrowthMb).toBeGreaterThan(16);
    expect(verdict.rssJudged).toBe(false);
    expect(verdict.ok).toBe(true);
  });

  it('fails a short run whose retained memory keeps growing', () => {
    const verdict = judgeGrowth(
      run(45, sawtooth, (at) => 20 + at * 0.5),
      10,
    );
    expect(verdict.retainedGrowthMb).toBeGreaterThan(8);
    expect(verdict.ok).toBe(false);
  });

  it('judges RSS over a long run, whose quarters span several collection cycles', () => {
    const steady = judgeGrowth(
      run(1800, sawtooth, () => 20, 10),
      300,
    );
    expect(steady.rssJudged).toBe(true);
    expect(steady.ok).toBe(true);
    // Memory outside the JavaScript heap (a native leak) shows in RSS only.
    const leaking = judgeGrowth(
      run(
        1800,
        (at) => sawtooth(at) + at / 60,
        () => 20,
        10,
      ),
      300,
    );
    expect(leaking.rssGrowthMb).toBeGreaterThan(16);
    expect(leaking.ok).toBe(false);
  });

  it('fails when descriptors grow by more than a device and a browser reconnect hold', () => {
    const samples = run(
      45,
      () => 90,
      () => 20,
    ).map((sample) => ({ ...sample, fds: sample.at > 35 ? 40 : 30 }));
    expect(judgeGrowth(samples, 10).ok).toBe(false);
  });

  it('refuses to judge when the daemon never reported its retained memory', () => {
    const silent = run(
      45,
      () => 90,
      () => 20,
    ).map((sample) => ({ ...sample, retainedMb: null }));
    expect(() => judgeGrowth(silent, 10)).toThrow(/no retained memory/);
  });
});
