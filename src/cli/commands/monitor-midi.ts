import { EXIT, type CliIo, type Command } from '../command.js';
import { pause } from '../../support/pause.js';
import { interruptSignal } from '../interrupt.js';
import { numberOption, parseCommandArgs } from '../parse-args.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import { describeMessage } from '../../diagnostics/monitor/describe-message.js';
import { MidiDeviceError, MidiUnavailableError } from '../../midi/errors.js';
import { FileInput } from '../../midi/file-input.js';
import { formatHexLine } from '../../midi/hex-line.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend, MidiInput } from '../../midi/midi-port.js';
import { resolvePortSpec } from '../../midi/port-spec.js';
import { escapeUntrusted } from '../../support/untrusted-text.js';

const HELP = `Usage: pad-lattice monitor-midi [--input NAME] [--seconds N] [--json]

Prints every message a MIDI input receives, to find out what a controller's
buttons send while writing a device profile. Each line shows the seconds since
the start, the bytes in hex, and what they mean; a press (note on or control
change with a value above 0) also shows the address to put in a profile,
channels counted from 0 as profiles count them.

Options:
  --input NAME    the input port (as 'pad-lattice ports' lists it; the ALSA
                  " client:port" suffix may be left out), or file:PATH to read
                  hex lines from a file or FIFO. Default: the only input there is.
  --seconds N     stop after N seconds (default: run until Ctrl-C)
  --json          one JSON object per message:
                  {"seconds":0.512,"bytes":"B0 5B 7F","kind":"control change",
                   "channel":0,"detail":"cc 91 value 127","press":{"kind":"cc","number":91,"channel":0}}
  -h, --help

Stop the daemon first: some systems let only one program open a MIDI port.
Exit status: 0 stopped, 1 the input could not be opened (or there is not
exactly one input and --input is missing), 3 MIDI is unavailable.
`;

const POLL_MS = 10;

export interface MonitorMidiDeps {
  readonly backend: () => MidiBackend;
}

/** The input to monitor: the named one, or the only input there is. */
function openInput(name: string | undefined, io: CliIo, backend: () => MidiBackend): MidiInput {
  const context = { backend, stdout: io.stdout, reportProblem: (line: string) => void io.stderr.write(`${escapeUntrusted(line)}\n`) };
  if (name !== undefined) return resolvePortSpec(name, 'input', context);
  const { inputs } = backend().listPorts();
  if (inputs.length !== 1) {
    const listing = inputs.length === 0 ? 'none' : inputs.map((input) => `'${input}'`).join(', ');
    throw new MidiDeviceError(`choose an input with --input NAME (available: ${listing})`);
  }
  return backend().openInput(inputs[0]!);
}

function formatLine(seconds: number, message: Uint8Array, json: boolean): string {
  const { kind, channel, detail, press } = describeMessage(message);
  const bytes = formatHexLine(message);
  if (json) return `${JSON.stringify({ seconds: Number(seconds.toFixed(3)), bytes, kind, channel, detail, press })}\n`;
  const where = channel === null ? '' : ` channel ${channel}`;
  const address = press === null ? '' : `  → press ${JSON.stringify(press)}`;
  return `${seconds.toFixed(3).padStart(8)}  ${bytes.padEnd(9)}  ${kind}${where} ${detail}${address}\n`;
}

export function makeMonitorMidiCommand(deps: MonitorMidiDeps): Command {
  return {
    name: 'monitor-midi',
    summary: 'Print the messages a MIDI input receives (for writing profiles)',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        input: { type: 'string' },
        seconds: { type: 'string' },
        json: { type: 'boolean', default: false },
      });
      const seconds = values.seconds === undefined ? null : numberOption('--seconds', values.seconds, 0, 0);
      let backend: MidiBackend | null = null;
      let input: MidiInput;
      try {
        input = openInput(values.input, io, () => (backend ??= deps.backend()));
      } catch (error) {
        if (!(error instanceof MidiDeviceError)) throw error;
        io.stderr.write(`pad-lattice monitor-midi: ${escapeUntrusted(error.message)}\n`);
        return error instanceof MidiUnavailableError ? EXIT.unavailable : EXIT.failure;
      }
      io.stderr.write(
        `pad-lattice monitor-midi: listening on '${escapeUntrusted(input.name)}'${seconds === null ? ' (Ctrl-C to stop)' : ` for ${seconds} s`}\n`,
      );
      const interrupt = interruptSignal();
      const started = performance.now();
      const elapsed = () => (performance.now() - started) / 1000;
      let finished = false;
      // A regular file is replayed once; the monitor stops when it has been read.
      if (input instanceof FileInput) void input.done.then(() => (finished = true));
      try {
        for (;;) {
          const ended = finished;
          for (const message of input.drain()) io.stdout.write(formatLine(elapsed(), message, values.json === true));
          if (ended || interrupt.signal.aborted || (seconds !== null && elapsed() >= seconds)) break;
          await pause(POLL_MS, interrupt.signal);
        }
      } finally {
        interrupt.release();
        input.close();
      }
      return EXIT.ok;
    },
  };
}

export const monitorMidiCommand = makeMonitorMidiCommand({ backend: () => gateOnSequencer(createJulusianBackend()) });
