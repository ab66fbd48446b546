import { FULL_SETTINGS, QUICK_SETTINGS, formatReport, runBench } from '../../bench/index.js';
import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';

const HELP = `Usage: pad-lattice bench [--quick] [--json]

Measures frame latency and hot-loop throughput on this machine:
  compile     one SurfaceView → Visual Protocol frame (benchmark.js)
  render      compile + diff + encode into a null MIDI port, every built-in profile
  show        one full-surface RGB Show frame, all lights changing → batched SysEx
  wire time   bytes and USB full-speed MIDI time of the heaviest frames beside their CPU time
  end to end  a real daemon in a child process (and again in this process) on a
              temporary Unix socket: write → state_ack, and write → last byte of
              the resulting frame at a mock port (p50 … max)
  burst       many clients' state messages: messages/s and renders performed
Then it compares the figures with the project's targets. Nothing touches a real
device or the daemon you may be running. A full run takes about three minutes.

Options:
  --quick   a short run with small counts (CI uses it so the bench keeps working);
            its figures are rough
  --json    print the whole report as one JSON object instead of tables
  -h, --help

Progress goes to stderr. Exit status: 0 the bench ran (whether or not every
target was met), 1 a suite failed, 2 usage error.
`;

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Measure frame latency and throughput',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { quick: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } });
    const settings = values.quick === true ? QUICK_SETTINGS : FULL_SETTINGS;
    const report = await runBench(settings, (suite) => io.stderr.write(`bench: ${suite}…\n`));
    if (values.json === true) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout.write(formatReport(report, makeStyle(colourEnabled(io.stdout, io.env))));
    return EXIT.ok;
  },
};
