import { MidiDeviceError, MidiUnavailableError } from './errors.js';
import type { MidiBackend, MidiInput, MidiOutput } from './midi-port.js';
import { errorMessage } from '../support/error-message.js';

export type PortOpener = Pick<MidiBackend, 'openInput' | 'openOutput'>;

export interface OpenedPorts {
  readonly output: MidiOutput;
  readonly input: MidiInput;
}

/**
 * Opens one device's ports in the order of midi-rendering.md §12: the output first,
 * then the input; if the input fails, the already open output is closed (errors while
 * closing are ignored) before the failure is reported. Opening sends nothing.
 * `MidiUnavailableError` passes through unwrapped so callers can tell "no MIDI at all"
 * from "this port failed".
 */
export function openPortPair(opener: PortOpener, names: { readonly output: string; readonly input: string }): OpenedPorts {
  let output: MidiOutput;
  try {
    output = opener.openOutput(names.output);
  } catch (error) {
    throw openFailure('output', names.output, error);
  }
  try {
    return { output, input: opener.openInput(names.input) };
  } catch (error) {
    try {
      output.close();
    } catch {
      // The input failure is what the user must see; a failing close adds nothing.
    }
    throw openFailure('input', names.input, error);
  }
}

function openFailure(direction: 'input' | 'output', name: string, error: unknown): Error {
  if (error instanceof MidiUnavailableError) return error;
  const cause = errorMessage(error);
  return new MidiDeviceError(`could not open MIDI ${direction} '${name}': ${cause}`, { cause: error });
}
