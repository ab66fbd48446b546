import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import { MidiUnavailableError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';

const HELP = `Usage: pad-lattice ports [--json]

Lists the MIDI input ports, then the output ports, exactly as the system names them.
Pass one of these names to --input / --output; the ALSA "client:port" suffix
(e.g. " 20:1") may be left out. Instead of a port name, trace:PATH (an output
writing each message as a line of hex bytes, "-" for stdout) and file:PATH (an
input reading such lines from a file or FIFO) are accepted too.

Options:
  --json    print {"midi":"available","inputs":[...],"outputs":[...]}, or
            {"midi":"unavailable","reason":...,"message":...}
  -h, --help

Exit status: 0 listed, 3 MIDI is unavailable on this machine (the reason is printed).
`;

/** The command with its backend injectable, so tests can list mock ports. */
export function makePortsCommand(backend: () => MidiBackend): Command {
  return {
    name: 'ports',
    summary: 'List MIDI input and output ports',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, { json: { type: 'boolean', default: false } });
      const json = values.json === true;
      let inputs: readonly string[];
      let outputs: readonly string[];
      try {
        ({ inputs, outputs } = backend().listPorts());
      } catch (error) {
        if (!(error instanceof MidiUnavailableError)) throw error;
        if (json) io.stdout.write(`${stringifyJsonSafely({ midi: 'unavailable', reason: error.reason, message: error.message })}\n`);
        else io.stderr.write(`pad-lattice ports: ${error.message}\n`);
        return EXIT.unavailable;
      }
      if (json) {
        io.stdout.write(`${stringifyJsonSafely({ midi: 'available', inputs, outputs })}\n`);
        return EXIT.ok;
      }
      const style = makeStyle(colourEnabled(io.stdout, io.env));
      const section = (title: string, names: readonly string[]) =>
        names.length === 0
          ? `${style.bold(title)}: ${style.dim('none')}\n`
          : `${style.bold(title)}:\n${names.map((name) => `  ${escapeUntrusted(name)}\n`).join('')}`;
      io.stdout.write(section('MIDI inputs', inputs) + section('MIDI outputs', outputs));
      return EXIT.ok;
    },
  };
}

// The gate keeps RtMidi (and the ALSA library's own stderr lines) untouched without a sequencer, as `devices` does.
export const portsCommand = makePortsCommand(() => gateOnSequencer(createJulusianBackend()));
