import { runClaudeLauncher } from '../../agents/claude/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice claude [options] [--] [claude arguments…]

Starts Claude Code with Pad-Lattice hooks for this one session: its state
shows on the pad, and a permission request can be approved or rejected there
while Claude Code's own dialog stays on screen (the first answer wins; an
answer in the terminal takes the pad out of "waiting for approval" at once).
Nothing is installed: the hooks come from a generated --settings file, so a
plain 'claude' run never sees them. The session stays on the pad for as long
as Claude Code runs, and the terminal title shows its Scene, e.g.
"[S1 CYAN] docs", until Claude Code exits.

Permission mode: Claude Code on its own starts in auto mode, where requests
are answered without asking and never reach the pad. Unless you chose a mode
(--permission-mode or --dangerously-skip-permissions after '--', or
permissions.defaultMode in a Claude Code settings file), this command adds
'--permission-mode default': every request that needs an answer is asked,
in the terminal and on the pad. In auto mode only refusals show (as running
again); in dontAsk and bypassPermissions nothing is asked.

Options:
  --socket PATH               daemon socket (default: $PAD_LATTICE_SOCKET, else
                              $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  --claude BIN                Claude Code executable (default: claude)
  --label TEXT                session label shown for the Scene (at most 64 characters)
  --approval-timeout SECONDS  how long a permission request waits for the pad (default: 60);
                              afterwards only the terminal dialog answers
  --no-terminal-title         leave the terminal title to Claude Code
  -h, --help

The first argument that is not one of these options, or everything after
'--', goes to Claude Code unchanged. Claude Code's own --settings cannot be
combined with this command.

Without a daemon Claude Code still starts (one warning line) and the session
appears once the daemon runs.

Exit status: Claude Code's own status (128 + n when a signal ended it), 2 for
a usage error, 1 when Claude Code could not be found or started.
`;

export const claudeCommand: Command = {
  name: 'claude',
  summary: 'Run Claude Code with its state and approvals on the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runClaudeLauncher(args, { env: io.env, cwd: process.cwd(), stderr: io.stderr });
  },
};
