import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';
import { gateOnSequencer } from '../../devices/hub/index.js';
import { MidiUnavailableError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import type { CatalogLoad } from '../../profiles/index.js';
import { loadCatalogFor, problemLines } from './profile-context.js';

const HELP = `Usage: pad-lattice devices [--json]

Lists every device profile that matches the MIDI ports now, experimental
profiles included: the profile id, its status, and the input and output port
it would use. The daemon opens supported profiles by itself; an experimental
one needs 'pad-lattice daemon --profile ID' (and, ideally, a guided test:
'pad-lattice profile test ID --report FILE').

Options:
  --json    print {"matches":[{"profile","status","input","output"}, ...]}
  -h, --help

Exit status: 0 listed (also when nothing matches), 1 a profile file failed to
load (the others are still matched), 3 MIDI is unavailable on this machine.
`;

export interface DevicesDeps {
  readonly backend: () => MidiBackend;
  readonly loadCatalog: (io: CliIo) => Promise<CatalogLoad>;
}

/** The command with its backend and catalog injectable, so tests can match mock ports. */
export function makeDevicesCommand(deps: DevicesDeps): Command {
  return {
    name: 'devices',
    summary: 'List the device profiles that match the connected MIDI ports',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, { json: { type: 'boolean', default: false } });
      const json = values.json === true;
      const { catalog, problems } = await deps.loadCatalog(io);
      for (const line of problemLines(problems)) io.stderr.write(`pad-lattice devices: warning: ${line}\n`);
      let ports;
      try {
        ports = deps.backend().listPorts();
      } catch (error) {
        if (!(error instanceof MidiUnavailableError)) throw error;
        io.stderr.write(`pad-lattice devices: ${error.message}\n`);
        return EXIT.unavailable;
      }
      const matches = catalog.detect(ports.inputs, ports.outputs, true).map(({ profile, input, output }) => ({
        profile: profile.id,
        status: profile.status,
        input,
        output,
      }));
      if (json) {
        io.stdout.write(`${JSON.stringify({ matches })}\n`);
      } else if (matches.length === 0) {
        io.stdout.write("no matching devices (see 'pad-lattice ports' for what is connected)\n");
      } else {
        const style = makeStyle(colourEnabled(io.stdout, io.env));
        for (const match of matches) {
          const status = match.status === 'supported' ? style.green(match.status) : style.yellow(`${match.status}: use --profile ${match.profile}`);
          io.stdout.write(`${style.bold(match.profile)} [${status}]\n  input:  ${match.input}\n  output: ${match.output}\n`);
        }
      }
      return problems.length === 0 ? EXIT.ok : EXIT.failure;
    },
  };
}

export const devicesCommand = makeDevicesCommand({
  backend: () => gateOnSequencer(createJulusianBackend()),
  loadCatalog: loadCatalogFor,
});
