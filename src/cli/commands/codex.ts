import { runCodexLauncher } from '../../agents/codex/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice codex [options] [--] [codex arguments...]

Starts interactive Codex with Pad-Lattice hooks for this one session and
holds a session lease while it runs: the session appears on the pad at once
(a placeholder until your first prompt, when Codex reports its own session),
approvals can be answered there, and it disappears when Codex exits. No hooks
file is written, so plain \`codex\` runs stay outside Pad-Lattice. The first
time, Codex asks you to review the hooks ("Trust all and continue"); it keeps
that trust in its own config.toml and asks again only when the hook command
changes (another Node.js or install, socket or approval timeout).

Options:
  --label TEXT              name shown for the session (at most 64 characters)
  --approval-timeout SECS   how long an approval waits for the pad before Codex
                            asks at the keyboard (default: 60)
  --no-terminal-title       leave the terminal title alone (default: the launcher
                            shows "[S1 CYAN] label" and restores the old title at exit)
  --codex BIN               the Codex executable (default: codex)
  --socket PATH             daemon socket (default: $PAD_LATTICE_SOCKET, else
                            $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  -h, --help

The first argument that is not one of these (or everything after --) goes to
Codex unchanged, e.g. \`pad-lattice codex --label docs -- resume\`.

Without a daemon Codex starts anyway and the lease keeps retrying every second.
Exit status: Codex's own (128 + n when a signal ended it); 2 for a bad label or
timeout; 1 when Codex or Pad-Lattice's hook program cannot be found.
`;

export const codexCommand: Command = {
  name: 'codex',
  summary: 'Run interactive Codex with session-scoped hooks and a session lease',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCodexLauncher(args, io, { cwd: process.cwd() });
  },
};
