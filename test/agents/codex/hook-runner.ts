import { runCodexHookProcess } from '../../../src/agents/codex/hook-process.js';
import { runHookEntry } from '../../../src/agents/shared/hook-main.js';
import { runHookInProcess, type HookRun, type HookRunOptions } from '../shared/hook-run.js';

/** The Codex hook in process: `codex-hook` with a recording title sink, or the light entry. */
export async function runCodexHook(input: string | Uint8Array | object, options: HookRunOptions): Promise<HookRun & { readonly titles: string[] }> {
  /** Bytes the TTY sink received (Part C "TTY sink"). */
  const titles: string[] = [];
  const run = await runHookInProcess(input, options.env, (io) =>
    options.lightEntry === true
      ? runHookEntry(options.args, io)
      : runCodexHookProcess(options.args, io, {
          socketRequired: false,
          precheck: false,
          commandName: 'pad-lattice codex-hook',
          titleSink: (bytes) => titles.push(bytes),
        }),
  );
  return { ...run, titles };
}
