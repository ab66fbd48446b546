import type { CliIo } from '../../support/cli-io.js';
import { runHookProcess, type HookProcessOptions } from '../shared/hook-process.js';

export type ClaudeHookProcessOptions = HookProcessOptions;

/**
 * A whole Claude hook process (options, the fast no-daemon path of §B.5
 * step 2, stdin, the hook body); see runHookProcess for the exit statuses
 * and what may reach stdout.
 */
export function runClaudeHookProcess(args: readonly string[], io: CliIo, options: ClaudeHookProcessOptions): Promise<number> {
  return runHookProcess('claude', args, io, options, async () => (await import('./hook.js')).runClaudeHook);
}
