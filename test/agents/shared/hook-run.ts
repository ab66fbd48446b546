import { performance } from 'node:perf_hooks';
import type { SignalSource } from '../../../src/agents/shared/agent-child.js';
import type { CliIo } from '../../../src/support/cli-io.js';
import { captureIo } from '../../helpers/capture-io.js';

export interface HookRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
  /** True when the hook read its stdin to the end. */
  readonly stdinConsumed: boolean;
}

export interface HookRunOptions {
  /** Hook arguments, e.g. `['--socket', S, '--approval-timeout', '0.5']`. */
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Run through the light entry `pad-lattice-hook` (socket required, pre-check) instead of the `<agent>-hook` command. */
  readonly lightEntry?: boolean;
  /** Where the hook hears SIGTERM (the agent calling it off); a test emits it. */
  readonly signals?: SignalSource;
}

/**
 * The Part C hook runner, in process: `run` is one whole hook (options,
 * stdin, body) given injected streams and environment. Text input is sent as
 * UTF-8, bytes as they are, anything else as JSON.
 */
export async function runHookInProcess(input: string | Uint8Array | object, env: NodeJS.ProcessEnv, run: (io: CliIo) => Promise<number>): Promise<HookRun> {
  const bytes =
    typeof input === 'string' ? Buffer.from(input, 'utf8') : input instanceof Uint8Array ? Buffer.from(input) : Buffer.from(JSON.stringify(input), 'utf8');
  const capture = captureIo(bytes, env);
  const started = performance.now();
  const code = await run(capture.io);
  const elapsedMs = performance.now() - started;
  // Lets output written just before the hook returned reach the capture.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: capture.stdout(), stderr: capture.stderr(), elapsedMs, stdinConsumed: capture.stdinConsumed() };
}
