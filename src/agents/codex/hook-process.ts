import type { CliIo } from '../../support/cli-io.js';
import { runHookProcess, type HookProcessOptions } from '../shared/hook-process.js';
import type { TitleSink } from '../shared/terminal-title.js';

export interface CodexHookProcessOptions extends HookProcessOptions {
  readonly titleSink: TitleSink;
}

/**
 * A whole Codex hook process (options, stdin, the fast no-daemon path of
 * §A.4 step 3, the hook body); see runHookProcess for the exit statuses and
 * what may reach stdout.
 */
export function runCodexHookProcess(args: readonly string[], io: CliIo, options: CodexHookProcessOptions): Promise<number> {
  return runHookProcess('codex', args, io, options, async () => {
    const { runCodexHook } = await import('./hook.js');
    return (stdin, body) => runCodexHook(stdin, { ...body, titleSink: options.titleSink });
  });
}
