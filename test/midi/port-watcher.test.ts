import { describe, expect, it } from 'vitest';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { diffDevices, type PortChange } from '../../src/midi/port-diff.js';
import { PortWatcher, type IntervalTimers } from '../../src/midi/port-watcher.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';

/** A timer that fires only when the test says so. */
function fakeTimers() {
  const scheduled = new Map<number, { callback: () => void; ms: number }>();
  let nextHandle = 1;
  const timers: IntervalTimers = {
    setInterval(callback, ms) {
      const handle = nextHandle++;
      scheduled.set(handle, { callback, ms });
      return handle;
    },
    clearInterval(handle) {
      scheduled.delete(handle as number);
    },
  };
  return {
    timers,
    scheduled,
    tick() {
      for (const { callback } of [...scheduled.values()]) callback();
    },
  };
}

const summary = (changes: readonly PortChange[]) => changes.map((c) => `${c.type} ${c.device.input ?? '-'} / ${c.device.output ?? '-'}`);

function watch(backend: MockMidiBackend) {
  const clock = fakeTimers();
  const watcher = new PortWatcher(backend, { timers: clock.timers });
  const changes: PortChange[] = [];
  const errors: unknown[] = [];
  watcher.onChange((change) => changes.push(change));
  watcher.onError((error) => errors.push(error));
  return { clock, watcher, changes, errors };
}

describe('PortWatcher', () => {
  it('reports current devices on start and polls about once a second', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const { clock, watcher, changes } = watch(backend);
    watcher.start();
    expect([...clock.scheduled.values()].map((s) => s.ms)).toEqual([1000]);
    expect(summary(changes)).toEqual(['appeared Pad 20:0 / Pad 20:0']);
    expect(watcher.devices).toEqual([{ name: 'Pad', input: 'Pad 20:0', output: 'Pad 20:0' }]);
  });

  it('reports a device that appears, vanishes and reappears, one event each', () => {
    const backend = new MockMidiBackend();
    const { clock, watcher, changes } = watch(backend);
    watcher.start();
    clock.tick();
    expect(changes).toEqual([]);

    backend.plug('Pad 20:0');
    clock.tick();
    clock.tick();
    backend.unplug('Pad 20:0');
    clock.tick();
    backend.plug('Pad 24:0');
    clock.tick();
    expect(summary(changes)).toEqual(['appeared Pad 20:0 / Pad 20:0', 'vanished Pad 20:0 / Pad 20:0', 'appeared Pad 24:0 / Pad 24:0']);
  });

  it('treats a replug between two polls (new ALSA client number) as vanish then appear', () => {
    const backend = new MockMidiBackend().plug('Pad 20:0').plug('Keys 16:0', ['input']);
    const { clock, watcher, changes } = watch(backend);
    watcher.start();
    changes.length = 0;
    backend.unplug('Pad 20:0').plug('Pad 28:0');
    clock.tick();
    expect(summary(changes)).toEqual(['vanished Pad 20:0 / Pad 20:0', 'appeared Pad 28:0 / Pad 28:0']);
  });

  it('stops polling on stop and can start again', () => {
    const backend = new MockMidiBackend();
    const { clock, watcher, changes } = watch(backend);
    watcher.start();
    watcher.start();
    expect(clock.scheduled.size).toBe(1);
    watcher.stop();
    expect(clock.scheduled.size).toBe(0);
    expect(watcher.running).toBe(false);
    backend.plug('Pad');
    clock.tick();
    expect(changes).toEqual([]);
    watcher.start();
    expect(summary(changes)).toEqual(['appeared Pad / Pad']);
  });

  it('reports a failing listing once per distinct error and keeps the known devices', () => {
    const backend = new MockMidiBackend().plug('Pad');
    const { clock, watcher, changes, errors } = watch(backend);
    watcher.start();
    const unavailable = new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi');
    backend.setUnavailable(unavailable);
    clock.tick();
    clock.tick();
    expect(errors).toEqual([unavailable]);
    expect(watcher.devices).toHaveLength(1);

    backend.setUnavailable(null).unplug('Pad');
    clock.tick();
    backend.setUnavailable(unavailable);
    clock.tick();
    expect(errors).toEqual([unavailable, unavailable]);
    expect(summary(changes)).toEqual(['appeared Pad / Pad', 'vanished Pad / Pad']);
  });

  it('stops telling a listener after it unsubscribes', () => {
    const backend = new MockMidiBackend();
    const watcher = new PortWatcher(backend, { timers: fakeTimers().timers });
    const heard: PortChange[] = [];
    const unsubscribe = watcher.onChange((change) => heard.push(change));
    unsubscribe();
    backend.plug('Pad');
    expect(watcher.poll()).toHaveLength(1);
    expect(heard).toEqual([]);
  });
});

describe('diffDevices', () => {
  const pad = { name: 'Pad', input: 'Pad 20:0', output: 'Pad 20:0' };
  const keys = { name: 'Keys', input: 'Keys 24:0', output: null };

  it('lists vanished devices first, then appeared ones', () => {
    expect(diffDevices([pad], [keys])).toEqual([
      { type: 'vanished', device: pad },
      { type: 'appeared', device: keys },
    ]);
  });

  it('reports nothing for an unchanged listing, whatever the order', () => {
    expect(diffDevices([pad, keys], [keys, pad])).toEqual([]);
  });

  it('sees a device that lost one direction as a different device', () => {
    const padInputOnly = { ...pad, output: null };
    expect(diffDevices([pad], [padInputOnly]).map((c) => c.type)).toEqual(['vanished', 'appeared']);
  });
});
