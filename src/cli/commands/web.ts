import type { CliIo, Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { ADMIN_LINK_HELP, ADMIN_LINK_OPTIONS, adminLinkSettings } from '../admin-link-flags.js';
import { BROWSER_PAD_HELP, BROWSER_PAD_OPTIONS, browserPadSettings } from '../browser-pad-flags.js';
import { DAEMON_SURFACE_HELP, DAEMON_SURFACE_OPTIONS } from '../daemon-surface-flags.js';
import { controllerChoice } from '../controller-choice.js';
import { DAEMON_CORE_HELP, DAEMON_CORE_OPTIONS, DEFAULT_DAEMON_DEPS, daemonSettings, serveDaemonCommand, type DaemonCommandDeps } from '../serve-daemon.js';

const HELP = `Usage: pad-lattice web [options]

Runs the Pad-Lattice daemon with the browser pad — no MIDI hardware needed.
It prints the admin link (http://127.0.0.1:<port>/#admin=…) and opens it in
your browser; the page shows every agent like a Launchpad and its Approve,
Reject, Retry and Stop reach exactly one agent. The admin page also plays the
Demo and the Show. monome grids and Stream Decks that are plugged in are
driven beside the page (--no-serial, --no-hid turn that off). Use
'pad-lattice daemon --web' to drive MIDI controllers at the same time.

Stops cleanly on SIGINT, SIGTERM, SIGHUP or SIGQUIT and removes its socket
file.

Options:
${DAEMON_CORE_HELP}
  -h, --help

${BROWSER_PAD_HELP}
${ADMIN_LINK_HELP}

${DAEMON_SURFACE_HELP}

Agents connect through the socket, e.g. 'pad-lattice send-state running'.

Exit status: 0 stopped by a signal (or the link printed), 1 startup failed
(another daemon on the socket, the port taken, the browser app not built),
2 usage error, 3 --print-link with no browser pad to link to (none ran yet, or
the daemon on the socket runs none).
`;

/**
 * `daemon --web` without MIDI: what the reference's `web` command is, plus the
 * grids and Stream Decks that are present. Start and wait are injectable for tests.
 */
export function makeWebCommand(deps: DaemonCommandDeps = DEFAULT_DAEMON_DEPS): Command {
  return {
    name: 'web',
    summary: 'Run the daemon with the browser virtual pad (no MIDI hardware needed)',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, { ...DAEMON_CORE_OPTIONS, ...BROWSER_PAD_OPTIONS, ...ADMIN_LINK_OPTIONS, ...DAEMON_SURFACE_OPTIONS });
      const settings = daemonSettings(values, io);
      const pad = browserPadSettings(values);
      const link = adminLinkSettings(values, settings.identityStorePath);
      if (link.print) {
        const { printAdminLink } = await import('../admin-link.js');
        return printAdminLink(link, { port: values.port === undefined ? null : pad.port, socket: values.socket, json: values.json === true }, io);
      }
      const run = { command: 'web', settings, json: values.json === true, io, deps };
      const browserPad = { settings: pad, tokenPath: link.tokenPath, rotateToken: link.rotate };
      return serveDaemonCommand(run, { controllers: controllerChoice(values, false), browserPad });
    },
  };
}

export const webCommand = makeWebCommand();
