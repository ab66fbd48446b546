import { describe, expect, it } from 'vitest';
import { FramePacer } from '../../src/surfaces/frame-pacer.js';
import { ManualTimers } from '../helpers/manual-timers.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** One pacer for sync draws (MIDI) and async ones (serial, HID): the guarantees of issues #16 and #17. */
describe('FramePacer', () => {
  it('a sync draw: a frame at once when due, then one frame waiting, the newest, whatever is offered meanwhile', () => {
    const timers = new ManualTimers();
    const drawn: number[] = [];
    const pacer = new FramePacer<number>({ timers, minIntervalMs: 20, draw: (frame) => void drawn.push(frame) });
    pacer.submit(0);
    expect(drawn).toEqual([0]); // due: drawn at once
    for (const frame of [1, 2, 3, 4]) pacer.submit(frame);
    expect(drawn).toEqual([0]);
    expect(pacer.idle).toBe(false);
    expect(timers.pending).toBe(1); // one timer, however many frames wait
    timers.advance(20);
    expect(drawn).toEqual([0, 4]); // the three in between were never drawn
    expect(pacer.idle).toBe(true);
    expect([pacer.offered, pacer.drawn]).toEqual([5, 2]);
    pacer.close();
    pacer.submit(5);
    timers.advance(100);
    expect(drawn).toEqual([0, 4]);
  });

  it('an async draw: one at a time, the next only after the last one is written and the interval passed, always the newest', async () => {
    const timers = new ManualTimers();
    const finishes: (() => void)[] = [];
    const drawn: number[] = [];
    const pacer = new FramePacer<number>({
      timers,
      minIntervalMs: 10,
      draw: (frame) => new Promise((resolve) => finishes.push(() => (drawn.push(frame), resolve()))),
    });
    for (const frame of [1, 2, 3]) pacer.submit(frame);
    timers.advance(1000); // a slow device: nothing more starts while frame 1 is being written
    await flush();
    expect(finishes).toHaveLength(1);
    for (let frame = 4; frame <= 50; frame += 1) pacer.submit(frame);
    finishes[0]!();
    await flush();
    expect(finishes).toHaveLength(1); // written: the interval counts from here
    timers.advance(9);
    expect(finishes).toHaveLength(1);
    timers.advance(1);
    expect(finishes).toHaveLength(2);
    finishes[1]!();
    await flush();
    expect(drawn).toEqual([1, 50]);
    expect(pacer.idle).toBe(true);
    expect([pacer.offered, pacer.drawn]).toEqual([50, 2]);
  });

  it('reports a failed draw (thrown or rejected) and goes on with the next frame; after close nothing is reported', async () => {
    const timers = new ManualTimers();
    const failures: unknown[] = [];
    let fail: 'throw' | 'reject' | null = 'throw';
    const drawn: number[] = [];
    const pacer = new FramePacer<number>({
      timers,
      minIntervalMs: 0,
      onFailure: (error) => failures.push(error),
      draw: (frame) => {
        if (fail === 'throw') throw new Error('EIO');
        if (fail === 'reject') return Promise.reject(new Error('gone'));
        drawn.push(frame);
      },
    });
    pacer.submit(1);
    fail = 'reject';
    pacer.submit(2);
    await flush();
    fail = null;
    pacer.submit(3);
    expect(failures.map((error) => (error as Error).message)).toEqual(['EIO', 'gone']);
    expect(drawn).toEqual([3]);
    fail = 'reject';
    pacer.submit(4);
    pacer.close();
    await flush();
    expect(failures).toHaveLength(2);
  });
});
