import { withoutWindowsDeviceNumber } from '../domain/index.js';
import { MidiDeviceError } from './errors.js';

/**
 * ALSA (through RtMidi) appends the sequencer address `client:port` to every name,
 * e.g. "Launchpad Pro:Launchpad Pro MIDI 2 20:1". The client number changes whenever
 * the device is plugged in again, so names are compared without it.
 */
const ALSA_ADDRESS_SUFFIX = /\s+\d+:\d+$/;

export function normalisePortName(name: string): string {
  return name.replace(ALSA_ADDRESS_SUFFIX, '');
}

/**
 * Windows names a device's second interface "MIDIIN2 (X)" on the input side and
 * "MIDIOUT2 (X)" on the output side (midi-rendering.md §14.5–14.6); both become "MIDI2 (X)"
 * so the two directions pair up.
 */
const WINDOWS_DIRECTION_PREFIX = /^MIDI(?:IN|OUT)(\d*) \(/;

function pairingKey(name: string): string {
  return normalisePortName(name).replace(WINDOWS_DIRECTION_PREFIX, 'MIDI$1 (');
}

/** One physical interface: its input and/or output port, as the backend names them. */
export interface MidiDevice {
  /** The display name: the port name without the ALSA suffix. */
  readonly name: string;
  readonly input: string | null;
  readonly output: string | null;
}

/**
 * Pairs inputs with outputs. An input and output with the same full name are one ALSA
 * port (or one CoreMIDI endpoint pair) and pair first, so two identical controllers
 * ("X 20:0" and "X 24:0") are never crossed; leftovers pair by name without suffix, in
 * listing order. Unpaired ports become one-directional devices. Order: inputs' order,
 * then unpaired outputs.
 */
export function pairPorts(inputs: readonly string[], outputs: readonly string[]): MidiDevice[] {
  const unpairedOutputs = [...outputs];
  const takeOutput = (matches: (output: string) => boolean): string | null => {
    const index = unpairedOutputs.findIndex(matches);
    return index === -1 ? null : unpairedOutputs.splice(index, 1)[0]!;
  };
  const pairedOutput: (string | null)[] = inputs.map((input) => takeOutput((output) => output === input));
  const devices: MidiDevice[] = inputs.map((input, i) => {
    const key = pairingKey(input);
    const output = pairedOutput[i] ?? takeOutput((candidate) => pairingKey(candidate) === key);
    return { name: normalisePortName(input), input, output };
  });
  for (const output of unpairedOutputs) devices.push({ name: normalisePortName(output), input: null, output });
  return devices;
}

/**
 * The reported name a user meant: the exact name if listed, otherwise the one port whose
 * name without ALSA suffix equals the request, otherwise the one whose name also without
 * the Windows "2- " device number does. Throws a `MidiDeviceError` naming what is
 * available when there is none or more than one.
 */
export function findPortName(available: readonly string[], requested: string, direction: 'input' | 'output'): string {
  if (available.includes(requested)) return requested;
  let matches = available.filter((name) => normalisePortName(name) === requested);
  if (matches.length === 0) matches = available.filter((name) => withoutWindowsDeviceNumber(normalisePortName(name)) === withoutWindowsDeviceNumber(requested));
  if (matches.length === 1) return matches[0]!;
  const listing = available.length === 0 ? 'none' : available.map((name) => `'${name}'`).join(', ');
  if (matches.length > 1) {
    throw new MidiDeviceError(`MIDI ${direction} name '${requested}' is ambiguous; it matches ${matches.map((name) => `'${name}'`).join(', ')}`);
  }
  throw new MidiDeviceError(`no MIDI ${direction} named '${requested}' (available: ${listing})`);
}
