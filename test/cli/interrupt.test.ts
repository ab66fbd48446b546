import { describe, expect, it } from 'vitest';
import { interruptSignal } from '../../src/cli/interrupt.js';

/** The listener interruptSignal() added for a signal (called directly: emitting a real signal would reach the test runner too). */
function addedListener(name: 'SIGINT' | 'SIGTERM', before: readonly Function[]): () => void {
  const added = process.listeners(name).filter((listener) => !before.includes(listener));
  expect(added).toHaveLength(1);
  return added[0] as () => void;
}

describe('interruptSignal', () => {
  it('aborts on SIGINT or SIGTERM and removes its handlers on release', () => {
    for (const name of ['SIGINT', 'SIGTERM'] as const) {
      const before = process.listeners(name);
      const interrupt = interruptSignal();
      const listener = addedListener(name, before);
      expect(interrupt.signal.aborted).toBe(false);
      listener();
      expect(interrupt.signal.aborted).toBe(true);
      interrupt.release();
      expect(process.listeners(name)).toEqual(before);
    }
  });
});
