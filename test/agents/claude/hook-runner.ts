import { runClaudeHookProcess } from '../../../src/agents/claude/hook-entry.js';
import { runHookEntry } from '../../../src/agents/shared/hook-main.js';
import { runHookInProcess, type HookRun, type HookRunOptions } from '../shared/hook-run.js';

/** The Claude hook in process: `claude-hook`, or the light entry with `--agent claude` added unless given. */
export function runHook(input: string | Uint8Array | object, options: HookRunOptions): Promise<HookRun> {
  return runHookInProcess(input, options.env, (io) =>
    options.lightEntry === true
      ? runHookEntry(options.args.includes('--agent') ? options.args : ['--agent', 'claude', ...options.args], io)
      : runClaudeHookProcess(options.args, io, {
          socketRequired: false,
          precheck: false,
          commandName: 'pad-lattice claude-hook',
          ...(options.signals === undefined ? {} : { stopSignals: options.signals }),
        }),
  );
}
