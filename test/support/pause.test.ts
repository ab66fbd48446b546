import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pause } from '../../src/support/pause.js';

describe('sleeping on a long-lived abort signal', () => {
  it('leaves no listener behind after many sleeps that ran out (a reconnect loop), so Node warns of no leak', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 20; i += 1) await pause(1, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('returns early when the signal aborts, leaving no listener', async () => {
    const controller = new AbortController();
    const waiting = pause(60_000, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('returns at once for an aborted signal', async () => {
    await expect(pause(60_000, AbortSignal.abort())).resolves.toBeUndefined();
  });
});
