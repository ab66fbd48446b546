import { PadLatticeClientError } from '../../client/index.js';
import { AGENT_STATES } from '../../domain/index.js';
import { EXIT, type CliIo, type Command } from '../command.js';
import { AGENT_HELP, SOCKET_HELP, clientFor, identityFrom, stateArgument } from '../daemon-options.js';
import { parseCommandArgs } from '../parse-args.js';
import { SEND_STATE_OPTIONS, metadataFrom } from './send-state.js';

const HELP = `Usage: pad-lattice hook-state STATE [--backend NAME] [--session-id ID] [--label TEXT] [--cwd DIR] [--socket PATH]

Reports an agent state from a hook script without ever failing the hook: when
no daemon runs, or it does not answer, or it rejects the message, this prints
nothing and exits 0. It does not read stdin. STATE is one of:
  ${AGENT_STATES.join(', ')}

Options:
${AGENT_HELP}
  --label TEXT         display label for the session (sent as agent metadata)
  --cwd DIR            working directory; its last component is the fallback label
${SOCKET_HELP}
  -h, --help

Exit status: 0 always, except 2 for a usage error (unknown state or flag).
`;

export const hookStateCommand: Command = {
  name: 'hook-state',
  summary: 'Report a state from a hook; silent and exit 0 without a daemon',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, SEND_STATE_OPTIONS, true);
    const state = stateArgument(positionals);
    const client = clientFor(values, io);
    const request = { agent: identityFrom(values), metadata: metadataFrom(values) };
    try {
      await client.reportState(state, request);
    } catch (error) {
      // A hook must never break the agent it reports for (agent-adapters.md §A.10.2).
      if (!(error instanceof PadLatticeClientError)) throw error;
    }
    return EXIT.ok;
  },
};
