import { watch, type FSWatcher } from 'node:fs';
import type { DeviceEventSource } from '../domain/index.js';

/** Where Linux creates and removes the device nodes of sound and MIDI hardware. */
export const SOUND_DEVICE_FOLDER = '/dev/snd';

/**
 * Tells the hub that hardware came or went, as a desktop app learns from the
 * system: on Linux a USB MIDI device adds and removes nodes in /dev/snd, and
 * watching that folder wakes the hub at once instead of at its next poll.
 * Where the folder cannot be watched (other systems, containers) this does
 * nothing and the poll alone finds devices.
 */
export function watchSoundDevices(folder = SOUND_DEVICE_FOLDER): DeviceEventSource {
  return (onEvent) => {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { persistent: false }, () => onEvent());
    } catch {
      return () => undefined;
    }
    // A watcher that fails later (the folder went away) just stops; polling carries on.
    watcher.on('error', () => watcher.close());
    return () => watcher.close();
  };
}
