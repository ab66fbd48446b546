import type { PadLatticeClient } from '../../client/index.js';
import { identityKey, type AgentIdentity } from '../../domain/index.js';
import { stringifyJsonSafely } from '../../support/untrusted-text.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { AGENT_HELP, AGENT_OPTIONS, DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, identityFrom } from '../daemon-options.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: pad-lattice end-session [--backend NAME] [--session-id ID] [--socket PATH]
       pad-lattice end-session --all [--json] [--socket PATH]

Removes one agent session from the daemon, freeing its Agent Scene. An
identity the daemon does not know is ignored. Nothing is printed.

With --all it removes every session the daemon holds (on a Scene or in
overflow), for example finished agents still waiting for a reply, which keep
the Demo and the Show from starting, and prints how many it ended. An agent
that is still running shows up again with its next report.

Options:
${AGENT_HELP}
  --all                end every session (not with --backend or --session-id)
  --json               with --all: {"ended":N,"sessions":[{"backend","session_id"}]}
${SOCKET_HELP}
  -h, --help

${DAEMON_EXIT_HELP}
`;

/** How long `--all` waits for the daemon to have removed what it was sent, before saying what is left. */
const SETTLE_MS = 2_000;

export const endSessionCommand: Command = {
  name: 'end-session',
  summary: 'Remove one agent session, or every session (--all), from the daemon',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, {
      ...SOCKET_OPTION,
      backend: { type: 'string' },
      'session-id': { type: 'string' },
      all: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.all === true && (values.backend !== undefined || values['session-id'] !== undefined)) {
      throw new UsageError('--all ends every session: leave out --backend and --session-id, or drop --all');
    }
    if (values.json === true && values.all !== true) throw new UsageError('--json goes with --all (ending one session prints nothing)');
    const client = clientFor(values, io);
    if (values.all === true) return withDaemon(io, 'end-session', () => endAll(client, io, values.json === true));
    const agent = identityFrom({
      backend: values.backend ?? AGENT_OPTIONS.backend.default,
      'session-id': values['session-id'] ?? AGENT_OPTIONS['session-id'].default,
    });
    return withDaemon(io, 'end-session', async () => {
      await client.endSession(agent);
      return EXIT.ok;
    });
  },
};

async function endAll(client: PadLatticeClient, io: CliIo, json: boolean): Promise<number> {
  const agents = (await client.status()).sessions.map((session) => session.identity);
  for (const agent of agents) await client.endSession(agent);
  const left = await stillThere(client, agents);
  const ended = agents.filter((agent) => !left.has(identityKey(agent)));
  if (json) {
    const sessions = ended.map((agent) => ({ backend: agent.backend, session_id: agent.sessionId }));
    io.stdout.write(`${stringifyJsonSafely({ ended: ended.length, sessions })}\n`);
  } else {
    const back = left.size > 0 ? ` ${left.size} came back at once (their agents are still reporting).` : '';
    io.stdout.write(`Ended ${ended.length} session${ended.length === 1 ? '' : 's'}.${back}\n`);
  }
  return EXIT.ok;
}

/** Which of `agents` the daemon still holds once it had time to handle the ends (each went on its own connection). */
async function stillThere(client: PadLatticeClient, agents: readonly AgentIdentity[]): Promise<ReadonlySet<string>> {
  const wanted = new Set<string>(agents.map(identityKey));
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const left = new Set<string>((await client.status()).sessions.map((session) => identityKey(session.identity)).filter((key) => wanted.has(key)));
    if (left.size === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
