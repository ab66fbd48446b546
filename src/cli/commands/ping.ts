import { EXIT, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, positiveSeconds } from '../daemon-options.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: pad-lattice ping [--socket PATH] [--timeout SECONDS] [--json]

Checks that a daemon answers on its socket (sends "ping", expects "pong").

Options:
${SOCKET_HELP}
  --timeout SECONDS    how long each connect/write/read step may take (default: 2)
  --json               print {"daemon":"running","socket":PATH} instead of a sentence
  -h, --help

${DAEMON_EXIT_HELP}
`;

export const pingCommand: Command = {
  name: 'ping',
  summary: 'Check that the daemon answers',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { ...SOCKET_OPTION, timeout: { type: 'string' }, json: { type: 'boolean', default: false } });
    const client = clientFor(values, io, positiveSeconds('--timeout', values.timeout, 2));
    return withDaemon(io, 'ping', async () => {
      await client.ping();
      io.stdout.write(values.json === true ? `${JSON.stringify({ daemon: 'running', socket: client.socketPath })}\n` : `pong from ${client.socketPath}\n`);
      return EXIT.ok;
    });
  },
};
