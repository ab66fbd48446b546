import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sleepUnlessAborted } from '../../../src/agents/shared/abortable-sleep.js';

describe('sleeping on a long-lived abort signal', () => {
  it('leaves no listener behind after many sleeps that ran out (a reconnect loop), so Node warns of no leak', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 20; i += 1) await sleepUnlessAborted(1, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('ends at once when the signal aborts, and at once when it had aborted already', async () => {
    const stop = new AbortController();
    const started = performance.now();
    const sleeping = sleepUnlessAborted(60_000, stop.signal);
    stop.abort();
    await sleeping;
    await sleepUnlessAborted(60_000, stop.signal);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
