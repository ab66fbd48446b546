import { runGeminiLauncher } from '../../agents/gemini/launcher.js';
import type { CliIo, Command } from '../command.js';

const HELP = `Usage: pad-lattice gemini [options] [--] [gemini arguments…]

Starts Gemini CLI with Pad-Lattice hooks for this one session. What reaches
the pad:
  - the session, as soon as Gemini starts, and its state: waiting for your
    prompt, running, waiting for approval, finished;
  - every shell command, file write or edit, web fetch and skill Gemini
    wants to run (what it asks about in its default approval mode), with
    the command, file or URL (secrets redacted) and its tier colour:
    Approve runs it, Reject blocks it and tells the model. Without an answer
    within --approval-timeout seconds, or without a daemon, Gemini's own
    confirmation appears in the terminal as usual.

Nothing of yours is changed: Gemini runs with a private copy of your
~/.gemini (its settings plus the hooks, everything else linked to the real
folder) and a session policy that hands those confirmations to the pad.
Settings changed inside this session are not kept.

Started with --yolo or another --approval-mode, Gemini decides on its own
and the pad only shows the state. Switching modes inside Gemini does not
change the pad: it keeps asking first. Press Esc while the pad waits and the
request stays on the pad until your next prompt. Gemini runs hooks only in
folders you trust.

Options:
  --socket PATH               daemon socket (default: $PAD_LATTICE_SOCKET, else
                              $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>.sock)
  --gemini BIN                Gemini CLI executable (default: gemini)
  --label TEXT                session label shown for the Scene (at most 64 characters)
  --approval-timeout SECONDS  how long a request waits for the pad (default: 60)
  --no-terminal-title         leave the terminal title to Gemini
  -h, --help

The first argument that is not one of these options, or everything after
'--', goes to Gemini unchanged (not --acp: Gemini runs no hooks there).

Exit status: Gemini's own (128 + n when a signal ended it), 2 for a usage
error, 1 when Gemini could not be found or started, or your Gemini settings
could not be read.
`;

export const geminiCommand: Command = {
  name: 'gemini',
  summary: 'Run Gemini CLI with its state and approvals on the pad',
  help: HELP,
  run(args: readonly string[], io: CliIo): Promise<number> {
    return runGeminiLauncher(args, { env: io.env, cwd: process.cwd(), stderr: io.stderr });
  },
};
