import { existsSync } from 'node:fs';
import { MidiUnavailableError } from './errors.js';
import type { MidiBackend } from './midi-port.js';

/** The ALSA sequencer device RtMidi needs on Linux. */
export const ALSA_SEQUENCER = '/dev/snd/seq';

/**
 * On Linux, RtMidi without an ALSA sequencer fails *and* makes the ALSA
 * library print errors straight to stderr — three lines on every port scan,
 * once a second. Checking that the sequencer device exists first keeps a
 * daemon on a machine without MIDI quiet, and it still notices the sequencer
 * when the kernel module is loaded later.
 */
export function gateOnSequencer(
  backend: MidiBackend,
  options: { readonly platform?: NodeJS.Platform; readonly sequencerPresent?: () => boolean } = {},
): MidiBackend {
  if ((options.platform ?? process.platform) !== 'linux') return backend;
  const present = options.sequencerPresent ?? (() => existsSync(ALSA_SEQUENCER));
  const check = () => {
    if (!present()) throw new MidiUnavailableError('system-unavailable', `${ALSA_SEQUENCER} does not exist`);
  };
  return {
    label: backend.label,
    async ready() {
      if (present()) await backend.ready?.();
    },
    listPorts() {
      check();
      return backend.listPorts();
    },
    openInput(name) {
      check();
      return backend.openInput(name);
    },
    openOutput(name) {
      check();
      return backend.openOutput(name);
    },
  };
}
