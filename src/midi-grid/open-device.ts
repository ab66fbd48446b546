import { MidiMessageError } from '../midi/errors.js';
import type { MidiBytes, MidiOutput } from '../midi/midi-port.js';
import { openPortPair, type PortOpener } from '../midi/open-ports.js';
import { pacedOutput } from '../midi/paced-output.js';
import type { DeviceProfile } from '../profiles/index.js';
import { MidiSurface, type Sleep } from './midi-surface.js';

/** The greeting options of the MIDI surfaces the hub opens. */
export interface GreetingOptions {
  /** null or "" disables the greeting. */
  readonly text: string | null;
  readonly delaySeconds?: number;
  readonly sleep?: Sleep;
}

/** One controller the hub drives: its surface and whether its output has failed. */
export interface OpenDevice {
  readonly profile: DeviceProfile;
  readonly surface: MidiSurface;
  /**
   * True once sending failed for a reason other than a malformed message —
   * the device vanished or its port broke. Such a device is dropped, while a
   * render error (a bug) is only reported.
   */
  transportFailed(): boolean;
}

/** Wraps an output so that a failing send is remembered before the error travels on. */
function watchedOutput(output: MidiOutput): { readonly output: MidiOutput; failed(): boolean } {
  let failed = false;
  const watched: MidiOutput = {
    name: output.name,
    send(message: MidiBytes): void {
      try {
        output.send(message);
      } catch (error) {
        if (!(error instanceof MidiMessageError)) failed = true;
        throw error;
      }
    },
    isOpen: () => output.isOpen(),
    close: () => output.close(),
  };
  return { output: watched, failed: () => failed };
}

/**
 * Opens a device's ports (output first, midi-rendering.md §12), paces the
 * output when the profile knows the device's rate, and wraps them in a MIDI
 * surface. Nothing is sent yet; the caller initialises the surface.
 */
export function openDevice(
  opener: PortOpener,
  profile: DeviceProfile,
  names: { readonly input: string; readonly output: string },
  greeting: GreetingOptions,
): OpenDevice {
  const ports = openPortPair(opener, names);
  const { output, failed } = watchedOutput(pacedOutput(ports.output, profile.max_messages_per_second));
  const surface = new MidiSurface({
    profile,
    output,
    input: ports.input,
    greeting: greeting.text,
    ...(greeting.delaySeconds === undefined ? {} : { greetingDelaySeconds: greeting.delaySeconds }),
    ...(greeting.sleep === undefined ? {} : { sleep: greeting.sleep }),
  });
  return { profile, surface, transportFailed: failed };
}
