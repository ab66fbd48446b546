import { runCodexHookProcess } from '../../agents/codex/hook-process.js';
import { ttyTitleSink } from '../../agents/shared/terminal-title.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice codex-hook [--socket PATH] [--approval-timeout SECS]

The Codex hook: reads one Codex hook event (JSON) on stdin and reports the
session's state to the daemon. On PermissionRequest it waits up to
--approval-timeout seconds (default 60) for Approve or Reject on the pad and
prints Codex's decision; without an answer it prints nothing and Codex asks
at the keyboard. \`pad-lattice codex\` configures this for you.

PAD_LATTICE_SOCKET, when set and non-empty, wins over --socket.
Exit status: 0 on every runtime path (no daemon, bad input, timeout);
1 for a bad option. Only a decision is ever printed on stdout.
`;

export const codexHookCommand: Command = {
  name: 'codex-hook',
  summary: 'Codex hook handler (stdin event → state; approvals from the pad)',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCodexHookProcess(args, io, { socketRequired: false, precheck: false, commandName: 'pad-lattice codex-hook', titleSink: ttyTitleSink });
  },
};
