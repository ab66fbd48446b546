import { runClaudeHookProcess } from '../../agents/claude/hook-entry.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice claude-hook [--socket PATH] [--approval-timeout SECONDS]

The Claude Code hook behind 'pad-lattice claude' (which writes this command
into the session's generated settings). It reads one hook event as JSON on
stdin, reports the session's state to the daemon and, for a permission
request, waits up to --approval-timeout seconds (default: 60) for Approve or
Reject on the pad and prints Claude Code's decision object.

It never disturbs Claude Code: without a daemon, with bad input or on a
timeout it prints nothing and exits 0. $PAD_LATTICE_SOCKET, when set, wins
over --socket.

Options:
  --socket PATH               daemon socket (default: $XDG_RUNTIME_DIR/pad-lattice.sock,
                              else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  --approval-timeout SECONDS  positive number of seconds (default: 60)
  -h, --help

Exit status: 0, or 1 for a usage error (never 2, which Claude Code reads as "block").
`;

export const claudeHookCommand: Command = {
  name: 'claude-hook',
  summary: 'Claude Code hook: report state, take approvals from the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runClaudeHookProcess(args, io, { socketRequired: false, precheck: false, commandName: 'pad-lattice claude-hook', stopSignals: process });
  },
};
