import { EventEmitter } from 'node:events';
import { runCodexLauncher } from '../../../src/agents/codex/launcher.js';
import type { HookEntry } from '../../../src/agents/shared/hook-command.js';
import { captureIo } from '../../helpers/capture-io.js';
import { STAND_IN_HOOK } from '../shared/fake-agent.js';

export interface LauncherRun {
  readonly code: number;
  readonly stderr: string;
  /** Every write to the terminal title. */
  readonly titles: readonly string[];
}

export interface LauncherRunOptions {
  readonly cwd?: string;
  readonly hookEntry?: HookEntry;
  readonly signals?: EventEmitter;
  /** Sees the title writes as they happen. */
  readonly titles?: string[];
  /** The linger helper; default none: the session leaves as Codex exits. */
  readonly lingerEntry?: HookEntry;
}

/** Runs `pad-lattice codex ARGS` in process; the child inherits this process's stdio, as in production. */
export async function runLauncher(args: readonly string[], env: NodeJS.ProcessEnv, options: LauncherRunOptions = {}): Promise<LauncherRun> {
  const capture = captureIo('', env);
  const titles = options.titles ?? [];
  const code = await runCodexLauncher(args, capture.io, {
    hookEntry: options.hookEntry ?? STAND_IN_HOOK,
    lingerEntry: options.lingerEntry ?? null,
    cwd: options.cwd ?? process.cwd(),
    signals: options.signals ?? new EventEmitter(),
    titleSink: (bytes) => titles.push(bytes),
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stderr: capture.stderr(), titles };
}
