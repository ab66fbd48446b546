import { runCodexLauncher } from '../../agents/codex/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice codex [options] [--] [codex arguments...]

Starts interactive Codex with Pad-Lattice hooks for this one session and
holds a session lease while it runs, so the session appears on the pad,
approvals can be answered there, and it disappears when Codex exits. Plain
\`codex\` runs stay outside Pad-Lattice: nothing is written to ~/.codex.
Codex asks you once, in its /hooks screen, to trust the hooks.

Options:
  --label TEXT              name shown for the session (at most 64 characters)
  --approval-timeout SECS   how long an approval waits for the pad before Codex
                            asks at the keyboard (default: 60)
  --no-terminal-title       leave the terminal title alone (default: "[S1 CYAN] label")
  --codex BIN               the Codex executable (default: codex)
  --socket PATH             daemon socket (default: $PAD_LATTICE_SOCKET, else
                            $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>.sock)
  -h, --help

The first argument that is not one of these (or everything after --) goes to
Codex unchanged, e.g. \`pad-lattice codex --label docs -- resume\`.

Without a daemon Codex starts anyway and the lease keeps retrying every second.
Exit status: Codex's own (128 + n when a signal ended it); 2 for a bad label or
timeout; 1 when Codex or Pad-Lattice's own executable cannot be found.
`;

export const codexCommand: Command = {
  name: 'codex',
  summary: 'Run interactive Codex with session-scoped hooks and a session lease',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCodexLauncher(args, io, { cwd: process.cwd() });
  },
};
