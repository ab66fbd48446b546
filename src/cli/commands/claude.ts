import { AUTO_MODE_PAD_TIERS } from '../../agents/claude/auto-mode.js';
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

Permission modes (Claude Code 2.1.211 and later: your mode is left as it is;
Claude Code on its own starts in auto mode). What reaches the pad:
  default (manual)   every request Claude Code asks about, all tiers
  acceptEdits        what Claude Code still asks about (commands; edits run)
  auto               ${AUTO_MODE_PAD_TIERS.join(' and ')} commands (Pad-Lattice makes
                     auto mode ask about them); its classifier decides the
                     others, and a call it refuses shows on the pad briefly
  plan               what Claude Code asks about while planning
  dontAsk,           nothing: these modes ask nothing
  bypassPermissions
In every mode a question (AskUserQuestion) and an MCP server's form whose
fields are all choices go to the pad first; Claude Code shows its own picker
or form once the pad has not answered within --approval-timeout (the pad
keeps the question meanwhile), or at once for a form with free text. While
the pad has a question, press Esc in the terminal to cancel it.
Older Claude Code versions start in '--permission-mode default' unless you
chose a mode (--permission-mode or --dangerously-skip-permissions after '--',
or permissions.defaultMode in a Claude Code settings file).

Options:
  --socket PATH               daemon socket (default: $PAD_LATTICE_SOCKET, else
                              $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  --claude BIN                Claude Code executable (default: claude)
  --label TEXT                session label shown for the Scene (at most 64 characters)
  --approval-timeout SECONDS  how long a permission request, question or form waits for the
                              pad (default: 60); afterwards the terminal answers
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
