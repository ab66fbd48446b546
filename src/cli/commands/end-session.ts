import { EXIT, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { AGENT_HELP, AGENT_OPTIONS, DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, identityFrom } from '../daemon-options.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: pad-lattice end-session [--backend NAME] [--session-id ID] [--socket PATH]

Removes one agent session from the daemon, freeing its Agent Scene. An
identity the daemon does not know is ignored. Nothing is printed.

Options:
${AGENT_HELP}
${SOCKET_HELP}
  -h, --help

${DAEMON_EXIT_HELP}
`;

export const endSessionCommand: Command = {
  name: 'end-session',
  summary: 'Remove one agent session from the daemon',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { ...SOCKET_OPTION, ...AGENT_OPTIONS });
    const client = clientFor(values, io);
    const agent = identityFrom(values);
    return withDaemon(io, 'end-session', async () => {
      await client.endSession(agent);
      return EXIT.ok;
    });
  },
};
