import { runOpencodeLauncher } from '../../agents/opencode/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice opencode [options] [--] [opencode arguments…]

Starts the opencode terminal UI and connects Pad-Lattice to it as a second
client. What reaches the pad:
  - the session, as soon as opencode starts (under a placeholder until your
    first prompt), and its state: waiting for your prompt, running, waiting
    for approval, finished, failed;
  - every permission request (shell commands, edits, fetches…), with its
    command or file (secrets redacted) and its tier colour: Approve allows
    that one call (never "always"), Reject rejects it and tells the model;
  - every question opencode's model asks with up to 8 choices: one pad per
    option, and a press answers it.
opencode's own dialog stays on screen meanwhile and the first answer wins:
an answer on the pad closes it, an answer in the terminal takes the request
off the pad. Without an answer within --approval-timeout seconds the request
leaves the pad and only the terminal answers.

opencode's server listens on a free port of 127.0.0.1 chosen for this
session, behind $OPENCODE_SERVER_PASSWORD (a random one when you set none).
Nothing is installed or written to your opencode configuration. One
opencode is one Scene: it follows the session you work in.

Options:
  --socket PATH               daemon socket (default: $PAD_LATTICE_SOCKET, else
                              $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>.sock)
  --opencode BIN              opencode executable (default: opencode)
  --label TEXT                session label shown for the Scene (at most 64 characters)
  --approval-timeout SECONDS  how long a request waits for the pad (default: 60)
  --no-terminal-title         leave the terminal title to opencode
  -h, --help

The first argument that is not one of these options, or everything after
'--', goes to opencode unchanged; not --port, --hostname or --mdns, and not
opencode's other subcommands (run, serve, acp …).

Exit status: opencode's own (128 + n when a signal ended it), 2 for a usage
error, 1 when opencode could not be found or started.
`;

export const opencodeCommand: Command = {
  name: 'opencode',
  summary: 'Run opencode with its state, approvals and questions on the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runOpencodeLauncher(args, { env: io.env, cwd: process.cwd(), stderr: io.stderr });
  },
};
