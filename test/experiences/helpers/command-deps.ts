import type { ExperienceCommandDeps } from '../../../src/cli/commands/show.js';
import { MockHidBackend } from '../../hardware-mocks/mock-hid.js';
import { MockSerialBinding } from '../../hardware-mocks/mock-serial.js';

/**
 * `demo`/`show` command deps with deterministic time: each loop sleep
 * advances the clock by exactly its length (after yielding to I/O). No MIDI
 * backend, and no serial port or HID device plugged in (unless `extra` plugs
 * some); an interrupt arrives after `abortAfterSleeps` sleeps, if given.
 */
export function fakeExperienceDeps(options: { abortAfterSleeps?: number; extra?: Partial<ExperienceCommandDeps> } = {}) {
  let now = 100;
  let sleeps = 0;
  const controller = new AbortController();
  const deps: ExperienceCommandDeps = {
    backend: () => {
      throw new Error('no MIDI backend in tests');
    },
    now: () => now,
    sleep: async (seconds) => {
      await new Promise((resolve) => setImmediate(resolve));
      now += seconds;
      sleeps += 1;
      if (sleeps === options.abortAfterSleeps) controller.abort();
    },
    interrupt: () => ({ signal: controller.signal, release: () => undefined }),
    serialBackend: () => new MockSerialBinding(),
    hidBackend: () => new MockHidBackend(),
    ...options.extra,
  };
  return { deps, elapsed: () => now - 100 };
}
