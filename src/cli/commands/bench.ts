import { FULL_SETTINGS, QUICK_SETTINGS, SUITE_NAMES, formatReport, runBench, type DaemonCommand, type SuiteName } from '../../../bench/index.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';

const HELP = `Usage: pad-lattice bench [--quick] [--json] [--suite NAME]...
                       [--compare [--compare-name NAME] -- COMMAND [ARG...]]

Measures frame latency and hot-loop throughput on this machine:
  compile     one SurfaceView → Visual Protocol frame (benchmark.js)
  render      compile + diff + encode into a null MIDI port, every built-in profile
  show        one full-surface RGB Show frame, all lights changing → batched SysEx
  wire-time   bytes and USB full-speed MIDI time of the heaviest frames beside their CPU time
  end-to-end  a real daemon in a child process (and again in this process) on a
              temporary Unix socket: write → state_ack, and write → last byte of
              the resulting frame at a mock port (p50 … max)
  burst       many clients' state messages: messages/s and renders performed
  agents      'pad-lattice daemon' as users start it (a Launchpad Mini MK3 profile
              whose output is thrown away): spawn → first answer, then with 4, 12
              and 100 agents (more than the 8 Scenes) paced state round trips
              and a burst of fire-and-forget updates, with the daemon process's
              CPU time per message and the latency above a bare echo server's
  presses     Approve pressed through a counting MIDI input and through a FIFO
              (--input file:), daemon in a child process: press → the agent
              reads its action, press → last byte of the feedback at the port
A full run then judges the figures against the project's targets (a --quick
run judges none: its figures are rough). Nothing touches a real device or the
daemon you may be running. A full run takes about seven minutes (more with
--compare: the compared daemon's phases add their own time); each phase is
announced on stderr, and a phase still running says so every 15 s.

Options:
  --quick          a short run with small counts (CI uses it so the bench keeps
                   working); its figures are rough, so no target is judged
  --json           print the whole report as one JSON object instead of tables
  --suite NAME     run only this suite (repeatable): ${SUITE_NAMES.join(', ')}
  --compare        also run the agents suite against the daemon COMMAND given
                   after '--', started the same way and measured by the same
                   client, one phase right after ours, so the ratios come from
                   one run. In COMMAND, {socket} becomes the socket path and {dir}
                   a fresh private folder; the command also gets
                   PAD_LATTICE_SOCKET, and XDG_STATE_HOME, XDG_RUNTIME_DIR and
                   HOME inside {dir}, so it touches none of your files
  --compare-name NAME
                   the compared daemon's name in the tables (default: other)
  -h, --help

Example (the Python reference on a machine with a MIDI device attached; the
files in bench/reference stand in for one, see docs/performance.md):
  pad-lattice bench --suite agents --compare --compare-name reference -- \\
    python3 -m pad_lattice.cli daemon --socket {socket} \\
    --identity-store {dir}/identities.json --no-greeting

Progress goes to stderr. Exit status: 0 the bench ran (whether or not every
target was met), 1 a suite failed (or the compared command did not answer),
2 usage error.
`;

/** Splits `-- COMMAND…` off the bench's own arguments. */
function splitCommand(args: readonly string[]): { own: readonly string[]; command: readonly string[] | null } {
  const separator = args.indexOf('--');
  return separator < 0 ? { own: args, command: null } : { own: args.slice(0, separator), command: args.slice(separator + 1) };
}

function chosenSuites(names: readonly string[] | undefined): ReadonlySet<SuiteName> | undefined {
  if (names === undefined || names.length === 0) return undefined;
  for (const name of names) {
    if (!(SUITE_NAMES as readonly string[]).includes(name))
      throw new UsageError(`unknown suite ${JSON.stringify(name)}; choose from ${SUITE_NAMES.join(', ')}`);
  }
  return new Set(names as SuiteName[]);
}

function comparedCommand(compare: boolean, name: string | undefined, argv: readonly string[] | null): DaemonCommand | null {
  if (!compare) {
    if (argv !== null) throw new UsageError(`a command after '--' needs --compare`);
    if (name !== undefined) throw new UsageError('--compare-name needs --compare');
    return null;
  }
  if (argv === null || argv.length === 0)
    throw new UsageError(`--compare needs the daemon command after '--', e.g. -- python3 -m pad_lattice.cli daemon --socket {socket}`);
  if (name === '') throw new UsageError('--compare-name must not be empty');
  return { name: name ?? 'other', argv };
}

export const benchCommand: Command = {
  name: 'bench',
  summary: 'Measure frame latency and throughput, side by side with another daemon if asked',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { own, command } = splitCommand(args);
    const { values } = parseCommandArgs(own, {
      quick: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      suite: { type: 'string', multiple: true },
      compare: { type: 'boolean', default: false },
      'compare-name': { type: 'string' },
    });
    const suites = chosenSuites(values.suite);
    const compare = comparedCommand(values.compare === true, values['compare-name'], command);
    if (compare !== null && suites !== undefined && !suites.has('agents')) throw new UsageError('--compare runs in the agents suite: add --suite agents');
    const settings = values.quick === true ? QUICK_SETTINGS : FULL_SETTINGS;
    const report = await runBench(settings, (phase) => io.stderr.write(`bench: ${phase}…\n`), { suites, compare });
    if (values.json === true) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout.write(formatReport(report, makeStyle(colourEnabled(io.stdout, io.env))));
    return EXIT.ok;
  },
};
