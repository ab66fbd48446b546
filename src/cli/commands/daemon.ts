import { UsageError, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { ADMIN_LINK_HELP, ADMIN_LINK_OPTIONS, adminLinkFlagsGiven, adminLinkSettings } from '../admin-link-flags.js';
import { BROWSER_PAD_HELP, BROWSER_PAD_OPTIONS, browserPadFlagsGiven, browserPadSettings } from '../browser-pad-flags.js';
import { DAEMON_MIDI_HELP, DAEMON_MIDI_OPTIONS } from '../daemon-midi-flags.js';
import { DAEMON_SURFACE_HELP, DAEMON_SURFACE_OPTIONS } from '../daemon-surface-flags.js';
import { controllerChoice } from '../controller-choice.js';
import { DAEMON_CORE_HELP, DAEMON_CORE_OPTIONS, DEFAULT_DAEMON_DEPS, daemonSettings, serveDaemonCommand, type DaemonCommandDeps } from '../serve-daemon.js';

export type { DaemonCommandDeps } from '../serve-daemon.js';

const HELP = `Usage: pad-lattice daemon [options]

Runs the Pad-Lattice daemon: agents report their state over a Unix socket
(Wire Protocol 1) and surface presses are routed back to exactly one agent.
Stops cleanly on SIGINT, SIGTERM, SIGHUP or SIGQUIT and removes its socket
file.

Options:
${DAEMON_CORE_HELP}
  --web                   also serve the browser pad ('pad-lattice web' serves
                          it alone): the browser and every controller show the
                          same pad, and the browser's admin page can play the
                          Demo and the Show on all of them
  -h, --help

${BROWSER_PAD_HELP}
${ADMIN_LINK_HELP}
  These need --web.

${DAEMON_MIDI_HELP}

${DAEMON_SURFACE_HELP}

Agents connect through the socket, e.g. 'pad-lattice send-state running'.

Exit status: 0 stopped by a signal, 1 startup failed (for example another
daemon is running on the socket, the path is not a socket, or the browser
pad's port is taken), 2 usage error.
`;

/** The command with its start and wait steps injectable, so tests can check option handling without sockets. */
export function makeDaemonCommand(deps: DaemonCommandDeps = DEFAULT_DAEMON_DEPS): Command {
  return {
    name: 'daemon',
    summary: 'Run the daemon that agents report to (Wire Protocol 1 socket)',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        ...DAEMON_CORE_OPTIONS,
        ...DAEMON_MIDI_OPTIONS,
        ...DAEMON_SURFACE_OPTIONS,
        web: { type: 'boolean', default: false },
        ...BROWSER_PAD_OPTIONS,
        ...ADMIN_LINK_OPTIONS,
      });
      const settings = daemonSettings(values, io);
      const padFlags = [...browserPadFlagsGiven(values), ...adminLinkFlagsGiven(values)];
      if (values.web !== true && padFlags.length > 0) throw new UsageError(`${padFlags.join(', ')} ${padFlags.length === 1 ? 'needs' : 'need'} --web`);
      const pad = values.web === true ? browserPadSettings(values) : null;
      const link = adminLinkSettings(values, settings.identityStorePath);
      if (pad !== null && link.print) {
        const { printAdminLink } = await import('../admin-link.js');
        return printAdminLink(link, { port: values.port === undefined ? null : pad.port, socket: values.socket, json: values.json === true }, io);
      }
      const run = { command: 'daemon', settings, json: values.json === true, io, deps };
      const browserPad = pad === null ? null : { settings: pad, tokenPath: link.tokenPath, rotateToken: link.rotate };
      return serveDaemonCommand(run, { controllers: controllerChoice(values, true), browserPad });
    },
  };
}

export const daemonCommand = makeDaemonCommand();
