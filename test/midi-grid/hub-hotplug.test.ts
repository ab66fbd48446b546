import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSurfaceView } from '../../src/domain/index.js';
import { watchSoundDevices } from '../../src/midi/sound-device-events.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { PRO_MK1, PRO_STANDALONE, approvalView, autoSelection, lightState, mockHub, profile } from './helpers.js';

const PRO_STARTUP = ['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7'];
const tempDir = tempDirsPerTest('pl-snd-');

/** A poll so slow that only device events and the rescans they schedule can explain what a test sees. */
const SLOW_POLL_MS = 60_000;

/** A hub whose "system" reports hardware changes when the test calls `deviceEvent()`. */
function eventHub() {
  const listeners: (() => void)[] = [];
  const made = mockHub(autoSelection(profile(PRO_MK1)), {
    scanIntervalMs: SLOW_POLL_MS,
    deviceEvents: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  });
  return { ...made, deviceEvent: () => listeners.forEach((listener) => listener()), listeners };
}

describe('MIDI grids through the surface hub: hot-plug like a desktop app', () => {
  it('opens a controller that was plugged in before the daemon started, at once', async () => {
    const { hub, backend } = eventHub();
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE]);
    expect(backend.openedOutputs[0]!.sentHex().slice(0, 2)).toEqual(PRO_STARTUP);
    hub.close();
  });

  it('rescans a short debounce after a device event, not at the next poll', async () => {
    const { hub, backend, timers, deviceEvent } = eventHub();
    hub.initialize();
    await hub.idle();
    hub.render(approvalView());
    backend.plug(PRO_STANDALONE);
    deviceEvent();
    deviceEvent(); // a burst of events (a USB device adds several nodes) …
    timers.advance(149);
    await hub.idle();
    expect(hub.descriptors).toEqual([]);
    timers.advance(1);
    await hub.idle(); // … makes one rescan, 150 ms after the last event
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE]);
    expect(lightState(backend.openedOutputs[0]!.sent).get('cc:0:91')).toBe(21); // shows the current view at once
    hub.close();
  });

  it('looks again a few seconds after the event, for ports that register after it', async () => {
    const { hub, backend, timers, deviceEvent } = eventHub();
    hub.initialize();
    await hub.idle();
    deviceEvent();
    timers.advance(150);
    await hub.idle();
    expect(hub.descriptors).toEqual([]); // the USB event came, the MIDI ports are not there yet
    timers.advance(1000);
    await hub.idle();
    backend.plug(PRO_STANDALONE);
    timers.advance(1849);
    await hub.idle();
    expect(hub.descriptors).toEqual([]);
    timers.advance(1);
    await hub.idle(); // 3 s after the event
    expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE]);
    hub.close();
  });

  it('a listing that changed is looked at again later, so a device whose ports arrive one by one is opened', async () => {
    const { hub, backend, timers } = eventHub();
    backend.plug(PRO_STANDALONE, ['input']);
    hub.initialize();
    await hub.idle(); // the listing changed (an input appeared), but there is no output to pair it with
    expect(hub.descriptors).toEqual([]);
    timers.advance(2000);
    await hub.idle();
    backend.plug(PRO_STANDALONE, ['output']);
    timers.advance(1000);
    await hub.idle();
    expect(hub.descriptors.map((d) => d.output)).toEqual([PRO_STANDALONE]);
    hub.close();
  });

  it('picks a controller up every time it is plugged in, twice in a row and more, with the same port names', async () => {
    const { hub, backend, timers, deviceEvent, logger } = eventHub();
    hub.initialize();
    await hub.idle();
    hub.render(approvalView());
    for (let round = 0; round < 3; round += 1) {
      backend.plug(PRO_STANDALONE);
      deviceEvent();
      timers.advance(150);
      await hub.idle();
      expect(hub.descriptors.map((d) => d.input)).toEqual([PRO_STANDALONE]);
      const output = backend.openedOutputs[round]!;
      expect(output.sentHex().slice(0, 2)).toEqual(PRO_STARTUP); // a replugged device is initialised again …
      expect(lightState(output.sent).get('cc:0:91')).toBe(21); // … and repainted
      backend.unplug(PRO_STANDALONE);
      deviceEvent();
      timers.advance(150);
      await hub.idle();
      expect(hub.descriptors).toEqual([]);
    }
    expect(backend.openedOutputs).toHaveLength(3);
    expect(logger.lines.filter((line) => line.endsWith('connected') && !line.endsWith('disconnected'))).toHaveLength(3);
    hub.close();
  });

  it('stops listening for device events and cancels pending rescans when closed', async () => {
    const { hub, timers, deviceEvent, listeners } = eventHub();
    hub.initialize();
    await hub.idle();
    deviceEvent();
    hub.close();
    expect(listeners).toHaveLength(0);
    expect(timers.pending).toBe(0);
  });
});

describe('watchSoundDevices', () => {
  it('reports a device node appearing in the watched folder, and stops when asked', async () => {
    const folder = tempDir();
    let events = 0;
    const stop = watchSoundDevices(folder)(() => (events += 1));
    writeFileSync(join(folder, 'midiC1D0'), '');
    await expect.poll(() => events, { timeout: 5000 }).toBeGreaterThan(0);
    stop();
  });

  it('does nothing (and never throws) where the folder cannot be watched', async () => {
    const stop = watchSoundDevices(join(tempDir(), 'missing'))(() => undefined);
    expect(() => stop()).not.toThrow();
  });
});

describe('MIDI grids through the surface hub: a controller replugged again and again', () => {
  /** A small deterministic generator (mulberry32), so a failing round can be replayed. */
  function seeded(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('50 replugs at jittered moments, with the same port names (gone for less than one scan, too): open and showing the latest view within two scans each time', async () => {
    const { hub, backend, timers } = mockHub(autoSelection(profile(PRO_MK1)), { scanIntervalMs: 1000 });
    const random = seeded(0x5eed);
    /** Moves the clock `ms` in jittered steps, letting every scan finish on the way. */
    const pass = async (ms: number) => {
      for (let left = ms; left > 0; ) {
        const step = Math.min(left, 1 + Math.floor(random() * 250));
        timers.advance(step);
        await hub.idle();
        left -= step;
      }
    };
    backend.plug(PRO_STANDALONE);
    hub.initialize();
    await hub.idle();
    for (let round = 0; round < 50; round += 1) {
      backend.unplug(PRO_STANDALONE);
      await pass(Math.floor(random() * 1500));
      backend.plug(PRO_STANDALONE);
      await pass(Math.floor(random() * 300));
      // What the daemon shows changes after the controller came back: odd rounds light Approve, even ones do not.
      const lit = round % 2 === 1;
      hub.render(lit ? approvalView(round) : makeSurfaceView({ selectedState: 'running', frame: round }));
      await pass(2000);
      const open = backend.openedOutputs.filter((port) => port.name === PRO_STANDALONE && !port.vanished);
      expect(open, `round ${round}: one live handle`).toHaveLength(1);
      expect(
        hub.descriptors.map((d) => d.input),
        `round ${round}`,
      ).toEqual([PRO_STANDALONE]);
      expect(lightState(open[0]!.sent).get('cc:0:91'), `round ${round}: Approve`).toBe(lit ? 21 : 0);
    }
    hub.close();
  });
});
