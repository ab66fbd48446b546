import { runCodexExec } from '../../agents/codex/exec.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice codex-exec [--socket PATH] [--codex BIN] [--linger SECS] [--] PROMPT...

Runs \`codex exec --json -- PROMPT\` non-interactively (the words of PROMPT
become one argument), shows its progress on the pad (running, success,
error) and prints the agent's messages. Stop on the pad terminates Codex
and the command it is running. When the run ends, the command exits at once
and the pad keeps showing how it ended (success, error or cancelled) for
--linger seconds; the next codex-exec run in the same folder replaces it at once.

Options:
  --linger SECS   how long the ended run stays on the pad (default: 30; 0 leaves at once)
  --codex BIN     the Codex executable (default: codex)
  --socket PATH   daemon socket (default: $PAD_LATTICE_SOCKET, else
                  $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  -h, --help

Codex runs even when no daemon is there (one warning on stderr).
Exit status: Codex's own (128 + n when a signal ended it); 2 without a
prompt; 1 when Codex cannot be found or started.
`;

export const codexExecCommand: Command = {
  name: 'codex-exec',
  summary: 'Run `codex exec --json` with its progress on the pad and Stop',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runCodexExec(args, io, { cwd: process.cwd() });
  },
};
