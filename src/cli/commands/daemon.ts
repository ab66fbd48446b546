import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { numberOption, parseCommandArgs } from '../parse-args.js';
import { startDaemon, type DaemonHandle, type DaemonOptions } from '../../daemon/daemon.js';
import { defaultAccentStorePath } from '../../daemon/control-plane/accent-store-path.js';
import { runUntilSignalled } from '../../daemon/shutdown-signals.js';
import type { DaemonLogger } from '../../daemon/runtime/logger.js';
import { SocketStartupError } from '../../daemon/socket/index.js';
import { gateOnSequencer } from '../../devices/hub/index.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { DAEMON_MIDI_HELP, DAEMON_MIDI_OPTIONS, midiHubFor } from '../daemon-options.js';

const HELP = `Usage: pad-lattice daemon [options]

Runs the Pad-Lattice daemon: agents report their state over a Unix socket
(Wire Protocol 1) and surface presses are routed back to exactly one agent.
Stops cleanly on SIGINT or SIGTERM and removes its socket file.

Options:
  --socket PATH           socket path (default: $PAD_LATTICE_SOCKET, else
                          $XDG_RUNTIME_DIR/pad-lattice.sock, else
                          /tmp/pad-lattice-<uid>.sock)
  --terminal-hold SEC     how long success/error/cancelled stay lit (default 2.0)
  --session-ttl SEC       remove unleased sessions idle this long (default 86400;
                          0 disables)
  --identity-store PATH   accent preference file (default
                          $XDG_STATE_HOME/pad-lattice/identities.json, else
                          ~/.local/state/pad-lattice/identities.json)
  --activity-motion       slowly re-render a running selected session
  --json                  log one JSON object per line on stderr
                          ({"level":"info","message":"..."})
  -h, --help

${DAEMON_MIDI_HELP}

Agents connect through the socket, e.g. 'pad-lattice send-state running'.

Exit status: 0 stopped by a signal, 1 startup failed (for example another
daemon is running on the socket, or the path is not a socket), 2 usage error.
`;

export interface DaemonCommandDeps {
  readonly start: (options: DaemonOptions) => Promise<DaemonHandle>;
  readonly waitForStop: (handle: DaemonHandle, logger: DaemonLogger) => Promise<string>;
  /** Default: @julusian/midi, quiet on Linux machines without an ALSA sequencer. */
  readonly midiBackend?: () => MidiBackend;
}

const DEFAULT_DEPS: DaemonCommandDeps = { start: startDaemon, waitForStop: runUntilSignalled };

function makeLogger(io: CliIo, json: boolean): DaemonLogger {
  const write = (level: string) => (message: string) => {
    io.stderr.write(json ? `${JSON.stringify({ level, message })}\n` : `pad-lattice daemon: ${level === 'info' ? '' : `${level}: `}${message}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** The command with its start and wait steps injectable, so tests can check option handling without sockets. */
export function makeDaemonCommand(deps: DaemonCommandDeps = DEFAULT_DEPS): Command {
  return {
    name: 'daemon',
    summary: 'Run the daemon that agents report to (Wire Protocol 1 socket)',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        socket: { type: 'string' },
        'terminal-hold': { type: 'string' },
        'session-ttl': { type: 'string' },
        'identity-store': { type: 'string' },
        'activity-motion': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        ...DAEMON_MIDI_OPTIONS,
      });
      const logger = makeLogger(io, values.json === true);
      if (values.socket === '') throw new UsageError('--socket must not be empty');
      const midi = await midiHubFor(values, io, logger, deps.midiBackend ?? (() => gateOnSequencer(createJulusianBackend())));
      const options: DaemonOptions = {
        env: io.env,
        ...(values.socket === undefined ? {} : { socketPath: values.socket }),
        terminalHold: numberOption('--terminal-hold', values['terminal-hold'], 2.0, 0),
        sessionTtl: numberOption('--session-ttl', values['session-ttl'], 86_400, 0),
        // The CLI always enables the accent store (control-plane.md §15.1).
        identityStorePath: values['identity-store'] ?? defaultAccentStorePath(io.env),
        activityMotion: values['activity-motion'] === true,
        surfaces: [midi.hub],
        logger,
      };
      let handle: DaemonHandle;
      try {
        handle = await deps.start(options);
      } catch (error) {
        await midi.dispose();
        if (!(error instanceof SocketStartupError)) throw error;
        logger.error(error.message);
        return EXIT.failure;
      }
      logger.info(`connect an agent: pad-lattice send-state running${values.socket === undefined ? '' : ` --socket ${values.socket}`}`);
      await deps.waitForStop(handle, logger);
      await midi.dispose();
      logger.info('stopped');
      return EXIT.ok;
    },
  };
}

export const daemonCommand = makeDaemonCommand();
