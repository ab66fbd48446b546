import { parseAcpArgs, type AcpOptions } from '../../agents/acp/options.js';
import { runAcpProxy } from '../../agents/acp/proxy.js';
import { LauncherUsageError } from '../../agents/shared/launcher-options.js';
import { launcherSocketPath } from '../../agents/shared/socket-path.js';
import type { Readable, Writable } from 'node:stream';
import { EXIT, type CliIo, type Command } from '../command.js';

const HELP = `Usage: pad-lattice acp [--socket PATH] [--label NAME] [--] AGENT_COMMAND [ARGS…]

Runs an agent that speaks the Agent Client Protocol (Gemini CLI with --acp,
opencode acp, Copilot CLI with --acp, Goose, Qwen …) between your editor and
the pad: the editor starts this command instead of the agent, and every
message passes through unchanged, both ways. Each ACP session the editor
opens shows on the pad: running while a prompt is worked on, then success,
error or cancelled. A permission request lights Approve and Reject as well
as showing in the editor; the first answer wins and the other side lets go.
Approve and Reject pick the request's own "allow once" and "reject once"
options, never an "always" one. A form of choices (elicitation) shows as
option pads. Stop on the pad cancels the turn (session/cancel). The
sessions leave the pad when the agent exits.

Options:
  --socket PATH   daemon socket (default: $PAD_LATTICE_SOCKET, else
                  $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>.sock)
  --label NAME    the Scene's label (at most 64 characters; default: the
                  name of the session's folder)
  -h, --help

Everything after the options, or after '--', is the agent's command line.
Standard output belongs to the protocol: the proxy writes only the agent's
messages (and its own answers) there; its notes go to standard error.

Without a daemon the agent runs as usual (one note on stderr) and its
sessions appear once the daemon runs.

Exit status: the agent's own (128 + n when a signal ended it), 2 for a usage
error, 1 when the agent could not be started.
`;

export const acpCommand: Command = {
  name: 'acp',
  summary: 'Put an ACP agent (Gemini CLI, opencode, Copilot …) on the pad, between it and your editor',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    let options: AcpOptions;
    try {
      options = parseAcpArgs(args);
    } catch (error) {
      if (!(error instanceof LauncherUsageError)) throw error;
      io.stderr.write(`pad-lattice acp: ${error.message}\nRun 'pad-lattice acp --help' for usage.\n`);
      return EXIT.usage;
    }
    return runAcpProxy({
      command: options.command,
      args: options.args,
      env: io.env,
      socketPath: launcherSocketPath(io.env, options.socket),
      label: options.label,
      // The CLI's streams are the process's own: Node streams.
      stdin: io.stdin as Readable,
      stdout: io.stdout as Writable,
      stderr: io.stderr,
    });
  },
};
