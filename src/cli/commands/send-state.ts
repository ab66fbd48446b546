import type { SessionReport } from '../../client/index.js';
import { encodeServerMessage } from '../../wire/index.js';
import { AGENT_STATES } from '../../domain/index.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { AGENT_HELP, AGENT_OPTIONS, DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, identityFrom, stateArgument } from '../daemon-options.js';
import { parseCommandArgs } from '../parse-args.js';
import { describeSession } from '../session-text.js';

const HELP = `Usage: pad-lattice send-state STATE [--backend NAME] [--session-id ID] [--label TEXT] [--cwd DIR]
                                  [--lease-id ID] [--reply [--json]] [--socket PATH]

Reports an agent state to the daemon. STATE is one of:
  ${AGENT_STATES.join(', ')}

Options:
${AGENT_HELP}
  --label TEXT         display label for the session (sent as agent metadata)
  --cwd DIR            working directory; its last component is the fallback label
  --lease-id ID        bind the session to a lease held by a launcher
  --reply              wait for the daemon's acknowledgement and print the session it shows
  --json               with --reply: print the state_ack message as JSON
${SOCKET_HELP}
  -h, --help

Without --reply nothing is printed. Use 'pad-lattice hook-state' in hooks: it never fails.

${DAEMON_EXIT_HELP}
`;

export const SEND_STATE_OPTIONS = {
  ...SOCKET_OPTION,
  ...AGENT_OPTIONS,
  label: { type: 'string' },
  cwd: { type: 'string' },
} as const;

/** The display metadata of --label / --cwd; both must be non-empty, as the daemon requires. */
export function metadataFrom(values: { label?: string | undefined; cwd?: string | undefined }): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const key of ['label', 'cwd'] as const) {
    const value = values[key];
    if (value === undefined) continue;
    if (value === '') throw new UsageError(`--${key} must not be empty`);
    metadata[key] = value;
  }
  return metadata;
}

export const sendStateCommand: Command = {
  name: 'send-state',
  summary: 'Report an agent state to the daemon',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...SEND_STATE_OPTIONS, 'lease-id': { type: 'string' }, reply: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
      true,
    );
    const state = stateArgument(positionals);
    if (values['lease-id'] === '') throw new UsageError('--lease-id must not be empty');
    if (values.json === true && values.reply !== true) throw new UsageError('--json needs --reply (nothing is printed otherwise)');
    const client = clientFor(values, io);
    const request = { agent: identityFrom(values), metadata: metadataFrom(values), leaseId: values['lease-id'] ?? null, reply: values.reply === true };
    return withDaemon(io, 'send-state', async () => {
      const session = await client.reportState(state, request);
      if (session !== null) io.stdout.write(values.json === true ? ackJson(session) : `${describeSession(session)}\n`);
      return EXIT.ok;
    });
  },
};

function ackJson(session: SessionReport): string {
  return encodeServerMessage({ type: 'state_ack', session });
}
