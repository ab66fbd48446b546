import { describe, expect, it } from 'vitest';
import { RuntimeLoop } from '../../src/daemon/runtime/runtime-loop.js';
import type { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { SILENT_LOGGER } from '../../src/daemon/runtime/logger.js';

/** A runtime that records its steps; its surface step queues a reply as a connection does (flushed from a microtask). */
function recordingRuntime() {
  const steps: string[] = [];
  let wake: () => void = () => undefined;
  const runtime = {
    onInput(listener: () => void) {
      wake = listener;
    },
    surfaceStep() {
      steps.push('surface step');
      queueMicrotask(() => steps.push('reply written'));
    },
    renderStep() {
      steps.push('render step');
    },
  };
  return { runtime: runtime as unknown as DaemonRuntime, steps, press: () => wake() };
}

describe('runtime loop order', () => {
  it('writes what a press replies (its action) before rendering the frame the press changed', async () => {
    const { runtime, steps, press } = recordingRuntime();
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 3600);
    loop.start();
    steps.length = 0; // the first render at start
    press();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    loop.stop();
    expect(steps).toEqual(['surface step', 'reply written', 'render step']);
  });

  it('renders nothing when the loop was stopped during the surface step (shutdown)', async () => {
    const { runtime, steps, press } = recordingRuntime();
    const loop = new RuntimeLoop(runtime, SILENT_LOGGER, 3600);
    loop.start();
    const surfaceStep = runtime.surfaceStep.bind(runtime);
    runtime.surfaceStep = () => {
      surfaceStep();
      loop.stop();
    };
    steps.length = 0;
    press();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['surface step', 'reply written']);
  });
});
