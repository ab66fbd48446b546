import { runCodexLauncher } from '../../agents/codex/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice codex [options] [--] [codex arguments...]

Starts interactive Codex for this one session and holds a session lease while
it runs: the session appears on the pad at once, its approvals can be answered
there, and when Codex exits its session shows how it ended (success, error,
cancelled) for --linger seconds, then leaves. Plain \`codex\` runs stay
outside Pad-Lattice.

Which way it runs depends on \`codex --version\`:
  Codex 0.171.0 or later: through Codex's app-server. Pad-Lattice starts
    \`codex app-server\` on a private socket and the TUI on it (--remote), and
    joins as a second client: command, file-change and permission approvals,
    questions (request_user_input) and MCP forms reach the pad; a press answers
    them and an answer in the terminal clears the pad; while Codex's automatic
    review decides, the pad shows Codex working. Nothing the pad cannot answer
    (a secret, free text, more than eight options) is put on it: the terminal
    answers. Your -c, --enable and --disable options are given to the server too.
  Older Codex, or --hooks: with Pad-Lattice hooks scoped to this session (no
    hooks file is written). The first time, Codex asks you to review the hooks
    ("Trust all and continue"); approvals wait --approval-timeout seconds for
    the pad before Codex asks at the keyboard; questions stay in the terminal.

Options:
  --label TEXT              name shown for the session (at most 64 characters)
  --linger SECS             how long the ended session stays on the pad (default: 30;
                            0 leaves at once); the next run here replaces it at once
  --hooks                   use the hook path even when the app-server one is available
  --approval-timeout SECS   hook path: how long an approval waits for the pad before
                            Codex asks at the keyboard (default: 60)
  --no-terminal-title       leave the terminal title alone (default: the launcher
                            shows "[S1 CYAN] label" and restores the old title at exit)
  --codex BIN               the Codex executable (default: codex)
  --socket PATH             daemon socket (default: $PAD_LATTICE_SOCKET, else
                            $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  -h, --help

The first argument that is not one of these (or everything after --) goes to
Codex unchanged, e.g. \`pad-lattice codex --label docs -- resume --last\`.

Without a daemon Codex starts anyway and the lease keeps retrying every second.
Exit status: Codex's own (128 + n when a signal ended it); 2 for a bad option;
1 when Codex or Pad-Lattice's hook program cannot be found.
`;

export const codexCommand: Command = {
  name: 'codex',
  summary: 'Run interactive Codex with its approvals and questions on the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCodexLauncher(args, io, { cwd: process.cwd() });
  },
};
