import { DaemonUnavailableError, UntrustedDaemonError, type PadLatticeClient } from '../../client/index.js';
import { notASocket } from '../socket-kind.js';
import { serverWireObject } from '../../wire/index.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, positiveSeconds } from '../daemon-options.js';
import { pause } from '../../support/pause.js';
import { interruptSignal } from '../interrupt.js';
import { parseCommandArgs } from '../parse-args.js';
import { formatInventory, inventoryJson } from '../inventory-text.js';
import { formatStatus } from '../status-legend.js';
import { stringifyJsonSafely } from '../../support/untrusted-text.js';
import { colourEnabled, makeStyle } from '../style.js';

const DEFAULT_INTERVAL_SECONDS = 0.5;
/** Home the cursor and clear the screen, so a watched legend redraws in place. */
const CLEAR_SCREEN = '\x1b[H\x1b[J';

const HELP = `Usage: pad-lattice status [--json | --watch [--interval SECONDS]] [--socket PATH]

Shows the daemon's surfaces and its agent sessions: Agent Scene (S1..S8, or
"overflow"), accent (with a colour swatch on a terminal), state, label,
project (last part of the working directory), session id and whether a live
lease holds the session ("live") or it expires after inactivity ("ttl").
The selected session is marked with ">". Colour is off when NO_COLOR is set
or the output is not a terminal.

It then lists the daemon's open surfaces (controllers, browser pads …) and
the device profiles it has loaded, with how each one gets opened.

Options:
  --json               print the daemon's status message as JSON, plus an
                       "inventory" member: {"surfaces":[{"kind","transport",
                       "profile","input","output"}],"profiles":[{"id","status",
                       "opens_automatically","origin","source"}],
                       "profiles_omitted","refused_profile_files"} (left out
                       when the daemon does not offer it)
  --watch              redraw the legend until Ctrl-C; waits for a daemon that
                       has not started yet and survives daemon restarts
  --interval SECONDS   seconds between --watch updates (default: ${DEFAULT_INTERVAL_SECONDS})
${SOCKET_HELP}
  -h, --help

${DAEMON_EXIT_HELP}
`;

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show the daemon and its agent sessions',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, {
      ...SOCKET_OPTION,
      json: { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      interval: { type: 'string' },
    });
    if (values.json === true && values.watch === true) throw new UsageError('--json and --watch cannot be combined');
    if (values.interval !== undefined && values.watch !== true) throw new UsageError('--interval only applies to --watch; add --watch or drop --interval');
    const interval = positiveSeconds('--interval', values.interval, DEFAULT_INTERVAL_SECONDS);
    const client = clientFor(values, io);
    return withDaemon(io, 'status', async () => {
      if (values.watch === true) {
        const interrupt = interruptSignal();
        try {
          return await watchStatus(client, io, interval, interrupt.signal);
        } finally {
          interrupt.release();
        }
      }
      const status = await client.status();
      // The daemon's profiles and open surfaces; null from a daemon that does not know the request (the reference).
      const inventory = await client.inventory();
      if (values.json === true) {
        const extra = inventory === null ? {} : { inventory: inventoryJson(inventory) };
        io.stdout.write(`${stringifyJsonSafely({ ...serverWireObject({ type: 'status', status }), ...extra }, 2)}\n`);
      } else {
        io.stdout.write(formatStatus(status, styleFor(io)) + (inventory === null ? '' : formatInventory(inventory, styleFor(io))));
      }
      return EXIT.ok;
    });
  },
};

/**
 * Redraws the legend every `intervalSeconds` until `signal` aborts. A daemon
 * that is not running yet, or has gone, is shown as such and polled until it
 * is there; a socket path that can never become a daemon (a regular file,
 * another user's socket) ends the watch with its error, as a plain status.
 */
export async function watchStatus(client: PadLatticeClient, io: CliIo, intervalSeconds: number, signal: AbortSignal): Promise<number> {
  const style = styleFor(io);
  const clear = io.stdout.isTTY === true ? CLEAR_SCREEN : '';
  let seen = false;
  while (!signal.aborted) {
    let frame: string;
    try {
      frame = formatStatus(await client.status(), style);
      seen = true;
    } catch (error) {
      if (!mayStartLater(error)) throw error;
      frame = seen
        ? `${style.yellow('Daemon unavailable')} at ${client.socketPath}; waiting for it to come back…\n`
        : `${style.yellow('No daemon yet')} at ${client.socketPath}; waiting for one to start ('pad-lattice daemon' or 'pad-lattice web')…\n`;
    }
    io.stdout.write(clear + frame);
    await pause(intervalSeconds * 1000, signal);
  }
  return EXIT.ok;
}

/** Connect errors no daemon start can cure: the path runs through a file, or it is another user's. */
const PERMANENT_ERRNOS: ReadonlySet<string> = new Set(['EACCES', 'EPERM', 'ENOTSOCK', 'ENOTDIR']);

/** No daemon at a path where one can still start: nothing there yet, a socket nobody listens on, a daemon gone. */
function mayStartLater(error: unknown): boolean {
  return (
    error instanceof DaemonUnavailableError &&
    !(error instanceof UntrustedDaemonError) &&
    !PERMANENT_ERRNOS.has(error.errno ?? '') &&
    notASocket(error.socketPath) === null
  );
}

function styleFor(io: CliIo) {
  return makeStyle(colourEnabled(io.stdout, io.env));
}
