import type { CliIo } from '../../support/cli-io.js';
import { runHookProcess, type HookProcessOptions } from '../shared/hook-process.js';

/**
 * A whole Copilot CLI hook process (options, stdin, the fast no-daemon path,
 * the body); see runHookProcess. It exits 0 on every runtime path: Copilot
 * reads a failed hook as "deny".
 */
export function runCopilotHookProcess(args: readonly string[], io: CliIo, options: HookProcessOptions): Promise<number> {
  return runHookProcess('copilot', args, io, options, async () => (await import('./hook.js')).runCopilotHook);
}
