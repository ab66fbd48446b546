import type { CliIo } from '../../cli/command.js';
import { DEFAULT_APPROVAL_TIMEOUT } from '../shared/launcher-options.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import { describeProblem, noteOnStderr, readToEnd, withoutHarm } from '../shared/never-harm.js';
import { hookSocketPath, isUnixSocket } from '../shared/socket-path.js';
import type { TitleSink } from '../shared/terminal-title.js';
import { parseHookArgs, HookUsageError } from './hook-args.js';

/** A hook's usage error exits 1, never 2 (agent-adapters.md §1.1). */
export const HOOK_USAGE_EXIT = 1;

export interface CodexHookProcessOptions {
  /** `pad-lattice-hook` requires `--socket`; `codex-hook` defaults it (§A.4 step 1, §A.10.1). */
  readonly socketRequired: boolean;
  /** The light entry's fast path: no Unix socket at the effective path ⇒ drain stdin and leave (§A.4 step 3). */
  readonly precheck: boolean;
  /** Prefix of the usage-error line, e.g. `pad-lattice codex-hook`. */
  readonly commandName: string;
  readonly titleSink: TitleSink;
}

/**
 * A whole Codex hook process: options, stdin, the hook body. Exit 0 on every
 * runtime path, 1 only for bad options; nothing but a decision reaches
 * stdout. An unexpected failure inside the body leaves one `pad-lattice:`
 * line on stderr and still exits 0.
 */
export async function runCodexHookProcess(args: readonly string[], io: CliIo, options: CodexHookProcessOptions): Promise<number> {
  let parsed;
  try {
    parsed = parseHookArgs(args, { socketRequired: options.socketRequired, agent: 'codex', defaultTimeout: DEFAULT_APPROVAL_TIMEOUT });
  } catch (error) {
    if (!(error instanceof HookUsageError)) throw error;
    io.stderr.write(`${options.commandName}: ${error.message}\n`);
    return HOOK_USAGE_EXIT;
  }
  const socketPath = hookSocketPath(io.env, parsed.socket);
  const stdin = await readToEnd(io.stdin);
  if (options.precheck && !isUnixSocket(socketPath)) return 0;
  // The hook ends on its own before Codex's configured timeout (ceil(t) + 5 s) would cancel it.
  const bound = (hookTimeoutSeconds(true, parsed.approvalTimeout) - 1) * 1000;
  // Loaded only now: the no-daemon path above never pays for the client and codec.
  const { runCodexHook } = await import('./hook.js');
  await withoutHarm(
    () =>
      runCodexHook(stdin, {
        socketPath,
        approvalTimeoutSeconds: parsed.approvalTimeout,
        env: io.env,
        writeStdout: (text) => io.stdout.write(text),
        titleSink: options.titleSink,
      }),
    bound,
    (reason) => noteOnStderr(io.stderr, `codex hook: ${describeProblem(reason)}`),
  );
  return 0;
}
