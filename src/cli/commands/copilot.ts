import { runCopilotLauncher } from '../../agents/copilot/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice copilot [options] [--] [copilot arguments…]

Starts GitHub Copilot CLI with Pad-Lattice hooks for this one session. What
reaches the pad:
  - the session, as soon as Copilot starts (under a placeholder until your
    first prompt), and its state: waiting for your prompt, running, waiting
    for approval, finished;
  - every tool call Copilot would ask you about (shell commands, edits,
    fetches…), with its command, file or URL (secrets redacted) and its tier
    colour: Approve runs it, Reject denies it and tells the model. Without an
    answer within --approval-timeout seconds, or without a daemon, Copilot's
    own dialog appears in the terminal as usual. A double Esc in Copilot
    takes the request off the pad.

Nothing is installed: the hooks come in a plugin loaded with --plugin-dir
for this process only, so plain 'copilot' runs never see them. With
--allow-all-tools, --allow-all or --yolo Copilot asks nothing and the pad
only shows the state.

Options:
  --socket PATH               daemon socket (default: $PAD_LATTICE_SOCKET, else
                              $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>.sock)
  --copilot BIN               Copilot CLI executable (default: copilot)
  --label TEXT                session label shown for the Scene (at most 64 characters)
  --approval-timeout SECONDS  how long a request waits for the pad (default: 60)
  --no-terminal-title         leave the terminal title alone
  -h, --help

The first argument that is not one of these options, or everything after
'--', goes to Copilot unchanged (not --acp).

Exit status: Copilot's own (128 + n when a signal ended it), 2 for a usage
error, 1 when Copilot could not be found or started.
`;

export const copilotCommand: Command = {
  name: 'copilot',
  summary: 'Run GitHub Copilot CLI with its state and approvals on the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCopilotLauncher(args, { env: io.env, cwd: process.cwd(), stderr: io.stderr });
  },
};
