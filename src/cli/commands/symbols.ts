import { MAX_PREVIEW_TTL_SECONDS, type PreviewSession } from '../../client/index.js';
import { AGENT_STATES } from '../../domain/index.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { DAEMON_EXIT_HELP, SOCKET_HELP, SOCKET_OPTION, clientFor, positiveSeconds } from '../daemon-options.js';
import { pause } from '../../support/pause.js';
import { interruptSignal } from '../interrupt.js';
import { parseCommandArgs } from '../parse-args.js';

/** Each preview outlives its hold by this much, so a slow step never lets the real view flash in between. */
const TTL_MARGIN_SECONDS = 1;
const DEFAULT_HOLD_SECONDS = 0.7;
const MAX_HOLD_SECONDS = MAX_PREVIEW_TTL_SECONDS - TTL_MARGIN_SECONDS;

const HELP = `Usage: pad-lattice symbols [--hold SECONDS] [--socket PATH]

Shows every state glyph in turn on the surface (${AGENT_STATES.join(', ')}),
printing each state's name as it appears, then restores the live view. It uses
a temporary preview: no agent session changes, and the daemon drops the preview
by itself if this command dies. Ctrl-C stops early and restores the view.

Options:
  --hold SECONDS       how long each glyph stays (default: ${DEFAULT_HOLD_SECONDS}; at most ${MAX_HOLD_SECONDS})
${SOCKET_HELP}
  -h, --help

${DAEMON_EXIT_HELP} A preview_conflict error (exit 1) means another
client is previewing right now.
`;

export const symbolsCommand: Command = {
  name: 'symbols',
  summary: 'Cycle every state glyph on the surface, then restore it',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, { ...SOCKET_OPTION, hold: { type: 'string' } });
    const hold = positiveSeconds('--hold', values.hold, DEFAULT_HOLD_SECONDS);
    if (hold > MAX_HOLD_SECONDS)
      throw new UsageError(`--hold must be at most ${MAX_HOLD_SECONDS} seconds (a preview lasts at most ${MAX_PREVIEW_TTL_SECONDS})`);
    const client = clientFor(values, io);
    return withDaemon(io, 'symbols', async () => {
      const preview = await client.openPreview();
      const interrupt = interruptSignal();
      try {
        await cycle(preview, hold, io, interrupt.signal);
        return EXIT.ok;
      } finally {
        interrupt.release();
        await preview.close();
      }
    });
  },
};

/** One preview id for the whole run (§11 item 8): preview each state, then preview_end. */
async function cycle(preview: PreviewSession, holdSeconds: number, io: CliIo, signal: AbortSignal): Promise<void> {
  let shown = false;
  try {
    for (const state of AGENT_STATES) {
      if (signal.aborted) break;
      await preview.show(state, holdSeconds + TTL_MARGIN_SECONDS);
      shown = true;
      io.stdout.write(`${state}\n`);
      await pause(holdSeconds * 1000, signal);
    }
  } catch (error) {
    // Restore the view if we can, but report what actually went wrong.
    if (shown) await preview.end().catch(() => undefined);
    throw error;
  }
  if (shown) await preview.end();
}
