import type { ActionEvent, ActionSubscription } from '../../client/index.js';
import { encodeServerMessage } from '../../wire/index.js';
import { EXIT, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { AGENT_HELP, AGENT_OPTIONS, DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, identityFrom } from '../daemon-options.js';
import { interruptSignal } from '../interrupt.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: pad-lattice listen-actions [--once] [--backend NAME] [--session-id ID] [--socket PATH]

Subscribes to all four control actions (approve, reject, stop, retry) for one
agent identity and prints each action the daemon routes here as one line of
JSON, for example:
  {"protocol":1,"type":"action","action":"stop","agent":{"backend":"local","session_id":"default"}}
While this runs, the surface offers those actions whenever the identity is
selected and its state permits them. Ctrl-C unsubscribes and exits 0.

Options:
  --once               exit after the first action
${AGENT_HELP}
${SOCKET_HELP}
  -h, --help

${DAEMON_EXIT_HELP} (also 3 when the daemon goes away while listening)
`;

export const listenActionsCommand: Command = {
  name: 'listen-actions',
  summary: 'Print the actions the surface sends to one agent',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { ...SOCKET_OPTION, ...AGENT_OPTIONS, once: { type: 'boolean', default: false } });
    const client = clientFor(values, io);
    const agent = identityFrom(values);
    return withDaemon(io, 'listen-actions', async () => {
      const subscription = await client.subscribeActions({ agent });
      const interrupt = interruptSignal();
      const closeOnInterrupt = () => void subscription.close();
      interrupt.signal.addEventListener('abort', closeOnInterrupt, { once: true });
      try {
        await printActions(subscription, io, values.once === true);
        return EXIT.ok;
      } finally {
        interrupt.signal.removeEventListener('abort', closeOnInterrupt);
        interrupt.release();
        await subscription.close();
      }
    });
  },
};

/** Prints actions until the subscription is closed here (Ctrl-C) or, with `once`, after the first. */
async function printActions(subscription: ActionSubscription, io: CliIo, once: boolean): Promise<void> {
  for await (const event of subscription) {
    io.stdout.write(actionLine(event));
    if (once) return;
  }
}

/** The action exactly as the wire carries it (ASCII-escaped, LF-terminated), like the reference prints it. */
function actionLine(event: ActionEvent): string {
  return encodeServerMessage({ type: 'action', ...event });
}
