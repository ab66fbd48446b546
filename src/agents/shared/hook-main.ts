#!/usr/bin/env node
/**
 * `pad-lattice-hook [--agent codex|claude|gemini|copilot] --socket PATH [--approval-timeout S]`:
 * the light hook entry an agent runs for every event (agent-adapters.md §A.1,
 * §A.4, §B.2). It loads only the chosen adapter, and that adapter drains stdin
 * and leaves at once when no daemon socket exists, so a session without a
 * daemon pays almost nothing per event. Usage errors exit 1, never 2.
 */
import type { CliIo } from '../../support/cli-io.js';
import { runIfEntryPoint } from '../../support/entry-point.js';
import { HOOK_USAGE_EXIT } from './hook-process.js';
import { ttyTitleSink } from './terminal-title.js';

const COMMAND_NAME = 'pad-lattice-hook';

/** Runs the hook entry; exported for tests, which pass their own streams. */
export async function runHookEntry(args: readonly string[], io: CliIo): Promise<number> {
  const agent = agentOf(args);
  if (agent === 'codex') {
    const { runCodexHookProcess } = await import('../codex/hook-process.js');
    return runCodexHookProcess(args, io, { socketRequired: true, precheck: true, commandName: COMMAND_NAME, titleSink: ttyTitleSink });
  }
  if (agent === 'claude') {
    const { runClaudeHookProcess } = await import('../claude/hook-entry.js');
    return runClaudeHookProcess(args, io, { socketRequired: true, precheck: true, commandName: COMMAND_NAME, stopSignals: process });
  }
  if (agent === 'gemini') {
    const { runGeminiHookProcess } = await import('../gemini/hook-entry.js');
    return runGeminiHookProcess(args, io, { socketRequired: true, precheck: true, commandName: COMMAND_NAME, stopSignals: process });
  }
  if (agent === 'copilot') {
    const { runCopilotHookProcess } = await import('../copilot/hook-entry.js');
    return runCopilotHookProcess(args, io, { socketRequired: true, precheck: true, commandName: COMMAND_NAME, stopSignals: process });
  }
  io.stderr.write(`${COMMAND_NAME}: --agent must be codex, claude, gemini or copilot, got ${JSON.stringify(agent)}\n`);
  return HOOK_USAGE_EXIT;
}

/** The `--agent` value (`--agent X` or `--agent=X`), default `codex` so the reference command line is unchanged. */
function agentOf(args: readonly string[]): string {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--agent') return args[index + 1] ?? '';
    if (arg.startsWith('--agent=')) return arg.slice('--agent='.length);
  }
  return 'codex';
}

/** Even a bug in the entry must not stop the agent: it is reported and the hook exits 0. */
export const HOOK_PROGRAM = { name: COMMAND_NAME, crashExit: 0 } as const;

// Started directly (tests do), not through hook-bin.ts.
runIfEntryPoint(import.meta.url, runHookEntry, HOOK_PROGRAM);
