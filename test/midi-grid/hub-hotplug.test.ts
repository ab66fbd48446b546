import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
