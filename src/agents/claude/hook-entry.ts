import type { CliIo } from '../../cli/command.js';
import { HookUsageError, parseHookArgs } from '../codex/hook-args.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import { DEFAULT_APPROVAL_TIMEOUT } from '../shared/launcher-options.js';
import { describeProblem, noteOnStderr, readToEnd, withoutHarm } from '../shared/never-harm.js';
import { hookSocketPath, isUnixSocket } from '../shared/socket-path.js';

/** Exit status of a hook's usage error: 1, never 2, which means "block" to Claude Code (agent-adapters.md §1.1). */
export const HOOK_USAGE_EXIT = 1;

export interface ClaudeHookProcessOptions {
  /** `pad-lattice-hook` requires `--socket`; `claude-hook` defaults it. */
  readonly socketRequired: boolean;
  /** Skip everything when the socket is not a Unix socket right now (the light entry's fast path, §B.5 step 2). */
  readonly precheck: boolean;
  /** Prefix of the usage-error line. */
  readonly commandName: string;
}

/**
 * A whole Claude hook process: options, the fast no-daemon path, reading
 * stdin, the hook body. Exit 0 on every runtime path; 1 only for bad
 * options. Nothing but a decision reaches stdout, because on SessionStart
 * and UserPromptSubmit Claude Code would hand plain stdout to the model; a
 * surprise inside the body leaves one `pad-lattice:` line on stderr, which
 * Claude Code only logs.
 */
export async function runClaudeHookProcess(args: readonly string[], io: CliIo, options: ClaudeHookProcessOptions): Promise<number> {
  let parsed;
  try {
    parsed = parseHookArgs(args, { socketRequired: options.socketRequired, agent: 'claude', defaultTimeout: DEFAULT_APPROVAL_TIMEOUT });
  } catch (error) {
    if (!(error instanceof HookUsageError)) throw error;
    io.stderr.write(`${options.commandName}: ${error.message}\n`);
    return HOOK_USAGE_EXIT;
  }
  const socketPath = hookSocketPath(io.env, parsed.socket);
  const stdin = await readToEnd(io.stdin);
  if (options.precheck && !isUnixSocket(socketPath)) return 0;
  // Bounded so the hook ends on its own before Claude Code's timeout for the event would cancel it.
  const bound = (hookTimeoutSeconds(true, parsed.approvalTimeout) - 1) * 1000;
  // Loaded only now: the no-daemon path above never pays for the client and the codec.
  const { runClaudeHook } = await import('./hook.js');
  await withoutHarm(
    () => runClaudeHook(stdin, { socketPath, approvalTimeoutSeconds: parsed.approvalTimeout, env: io.env, writeStdout: (text) => io.stdout.write(text) }),
    bound,
    (reason) => noteOnStderr(io.stderr, `claude hook: ${describeProblem(reason)}`),
  );
  return 0;
}
