import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeLoop } from '../../src/daemon/runtime/runtime-loop.js';
import type { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { SILENT_LOGGER } from '../../src/daemon/runtime/logger.js';

/** A runtime that counts its steps and says what is due as the test sets it: seconds from now, Infinity, or null (something moves). */
function countingRuntime() {
  let wake: () => void = () => undefined;
  const counts = { surface: 0, render: 0 };
  const state = { dueAt: Number.POSITIVE_INFINITY as number | null };
  const runtime = {
    onInput(listener: () => void) {
      wake = listener;
    },
    surfaceStep() {
      counts.surface += 1;
    },
    renderStep() {
      counts.render += 1;
    },
    secondsUntilDue() {
      return state.dueAt === null ? null : state.dueAt - performance.now() / 1000;
    },
  };
  return { runtime: runtime as unknown as DaemonRuntime, counts, state, input: () => wake() };
}

/** Lets timers due by `ms` fire, and the microtask each step queues run. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the runtime loop sleeps until something is due', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with nothing due it steps once a second at most, not every poll interval', async () => {
    const { runtime, counts } = countingRuntime();
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 0.03);
    loop.start();
    expect(counts.render).toBe(1);
    await pass(999);
    expect(counts.surface).toBe(0);
    await pass(2);
    expect(counts.surface).toBe(1);
    await pass(10_000);
    expect(counts.surface).toBe(11);
    loop.stop();
  });

  it('wakes at the moment something is due, and input in between does not push it back', async () => {
    const { runtime, counts, state, input } = countingRuntime();
    state.dueAt = 0.25;
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 0.03);
    loop.start();
    await pass(100);
    input();
    await pass(0);
    expect(counts.surface).toBe(1);
    await pass(149);
    expect(counts.surface).toBe(1);
    state.dueAt = Number.POSITIVE_INFINITY;
    await pass(2);
    expect(counts.surface).toBe(2);
    expect(counts.render).toBe(3);
    loop.stop();
  });

  it('an earlier deadline set by input replaces a later timer', async () => {
    const { runtime, counts, state, input } = countingRuntime();
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 0.03);
    loop.start();
    state.dueAt = 0.05;
    input();
    await pass(0);
    expect(counts.surface).toBe(1);
    state.dueAt = Number.POSITIVE_INFINITY;
    await pass(51);
    expect(counts.surface).toBe(2);
    loop.stop();
  });

  it('steps every poll interval while something moves (a Demo, a held Approve)', async () => {
    const { runtime, counts, state } = countingRuntime();
    state.dueAt = null;
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 0.03);
    loop.start();
    await pass(300);
    expect(counts.surface).toBe(10);
    state.dueAt = Number.POSITIVE_INFINITY;
    await pass(31);
    expect(counts.surface).toBe(11);
    await pass(500);
    expect(counts.surface).toBe(11);
    loop.stop();
  });

  it('a stopped loop sets no timer', async () => {
    const { runtime, counts } = countingRuntime();
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 0.03);
    loop.start();
    loop.stop();
    await pass(5000);
    expect(counts.surface).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
