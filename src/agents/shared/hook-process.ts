import type { CliIo } from '../../support/cli-io.js';
import type { SignalSource } from './agent-child.js';
import { HookUsageError, parseHookArgs } from './hook-args.js';
import { hookTimeoutSeconds, type HookAgent } from './hook-command.js';
import { DEFAULT_APPROVAL_TIMEOUT } from './launcher-options.js';
import { describeProblem, noteOnStderr, readToEnd, withoutHarm } from './never-harm.js';
import { hookSocketPath, isUnixSocket } from './socket-path.js';

/** Exit status of a hook's usage error: 1, never 2, which Claude Code reads as "block" (agent-adapters.md §1.1). */
export const HOOK_USAGE_EXIT = 1;

export interface HookProcessOptions {
  /** `pad-lattice-hook` requires `--socket`; `codex-hook` and `claude-hook` default it (§A.4 step 1, §A.10.1). */
  readonly socketRequired: boolean;
  /** The light entry's fast path: no Unix socket at the effective path ⇒ drain stdin and leave (§A.4 step 3, §B.5 step 2). */
  readonly precheck: boolean;
  /** Prefix of the usage-error line, e.g. `pad-lattice codex-hook`. */
  readonly commandName: string;
  /**
   * Where SIGTERM is heard, when the agent uses it to call a hook off
   * (Claude Code stops a PermissionRequest hook once the user answered in the
   * terminal): the body sees `stop` abort instead of the process dying.
   */
  readonly stopSignals?: SignalSource;
}

/** What every agent's hook body receives besides the bytes read on stdin. */
export interface HookBodyOptions {
  /** The effective socket (PAD_LATTICE_SOCKET already applied, §1.2). */
  readonly socketPath: string;
  readonly approvalTimeoutSeconds: number;
  /** The hook process's environment (PAD_LATTICE_LABEL, PAD_LATTICE_LEASE_ID and the agent's own variables). */
  readonly env: NodeJS.ProcessEnv;
  /** Receives the decision line, the only thing a hook ever prints on stdout. */
  readonly writeStdout: (text: string) => void;
  /** Aborted when the agent called the hook off (HookProcessOptions.stopSignals). */
  readonly stop?: AbortSignal;
}

export type HookBody = (stdin: Uint8Array, options: HookBodyOptions) => Promise<void>;

/**
 * A whole hook process, the same for every agent: options, stdin, the fast
 * no-daemon path, the body. Exit 0 on every runtime path, 1 only for bad
 * options. Nothing but a decision reaches stdout (on some events the agent
 * would hand plain stdout to the model); a surprise inside the body leaves
 * one `pad-lattice:` line on stderr, which agents only log.
 *
 * `loadBody` runs only after the fast path, so a hook without a daemon never
 * pays for loading the client and the codec.
 */
export async function runHookProcess(
  agent: HookAgent,
  args: readonly string[],
  io: CliIo,
  options: HookProcessOptions,
  loadBody: () => Promise<HookBody>,
): Promise<number> {
  let parsed;
  try {
    parsed = parseHookArgs(args, { socketRequired: options.socketRequired, agent, defaultTimeout: DEFAULT_APPROVAL_TIMEOUT });
  } catch (error) {
    if (!(error instanceof HookUsageError)) throw error;
    io.stderr.write(`${options.commandName}: ${error.message}\n`);
    return HOOK_USAGE_EXIT;
  }
  const socketPath = hookSocketPath(io.env, parsed.socket);
  const stdin = await readToEnd(io.stdin);
  if (options.precheck && !isUnixSocket(socketPath)) return 0;
  // Bounded so the hook ends on its own before the agent's timeout for the event (ceil(t) + 5 s) would cancel it.
  const bound = (hookTimeoutSeconds(true, parsed.approvalTimeout) - 1) * 1000;
  const body = await loadBody();
  const stop = new AbortController();
  const onTerm = () => stop.abort();
  options.stopSignals?.on('SIGTERM', onTerm);
  try {
    await withoutHarm(
      () =>
        body(stdin, {
          socketPath,
          approvalTimeoutSeconds: parsed.approvalTimeout,
          env: io.env,
          writeStdout: (text) => io.stdout.write(text),
          stop: stop.signal,
        }),
      bound,
      (reason) => noteOnStderr(io.stderr, `${agent} hook: ${describeProblem(reason)}`),
    );
  } finally {
    options.stopSignals?.off('SIGTERM', onTerm);
  }
  return 0;
}
