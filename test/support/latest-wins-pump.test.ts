import { describe, expect, it } from 'vitest';
import { LatestWinsPump, type PumpTimers } from '../../src/support/latest-wins-pump.js';

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const due: { at: number; run: () => void }[] = [];
  const timers: PumpTimers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const entry = { at: now + ms, run };
      due.push(entry);
      return entry;
    },
    clearTimeout: (handle) => void due.splice(due.indexOf(handle as (typeof due)[number]), 1),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const entry of due.filter((e) => e.at <= now)) {
      due.splice(due.indexOf(entry), 1);
      entry.run();
    }
  };
  return { timers, advance };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('LatestWinsPump', () => {
  it('sends at once, then at most one frame per interval, always the newest, with the last one sent as `previous`', async () => {
    const { timers, advance } = manualTimers();
    const sent: [number, number | null][] = [];
    const pump = new LatestWinsPump<number>({ send: async (frame, previous) => void sent.push([frame, previous]), minIntervalMs: 100, onFailure: () => {}, timers });
    pump.offer(1);
    await flush();
    for (let frame = 2; frame <= 50; frame += 1) pump.offer(frame);
    await flush();
    expect(sent).toEqual([[1, null]]);
    advance(100);
    await flush();
    expect(sent).toEqual([[1, null], [50, 1]]);
    expect(pump.idle).toBe(true);
    expect([pump.offered, pump.sent]).toEqual([50, 2]);
  });

  it('waits for a slow send before the next one, and holds one frame at most', async () => {
    const { timers, advance } = manualTimers();
    const finishes: (() => void)[] = [];
    const sent: number[] = [];
    const pump = new LatestWinsPump<number>({ send: (frame) => new Promise((resolve) => finishes.push(() => (sent.push(frame), resolve()))), minIntervalMs: 10, onFailure: () => {}, timers });
    pump.offer(1);
    pump.offer(2);
    pump.offer(3);
    advance(1000);
    await flush();
    expect(finishes).toHaveLength(1);
    finishes[0]!();
    await flush();
    advance(10);
    await flush();
    finishes[1]!();
    await flush();
    expect(sent).toEqual([1, 3]);
  });

  it('stops for good at the first failed send and reports it once', async () => {
    const failures: unknown[] = [];
    const pump = new LatestWinsPump<number>({ send: async () => Promise.reject(new Error('EIO')), minIntervalMs: 0, onFailure: (error) => failures.push(error) });
    pump.offer(1);
    await flush();
    pump.offer(2);
    await flush();
    expect(failures).toHaveLength(1);
    expect(pump.sent).toBe(0);
  });
});
