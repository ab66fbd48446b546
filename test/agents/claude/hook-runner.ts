import { performance } from 'node:perf_hooks';
import { PassThrough, Readable } from 'node:stream';
import { runClaudeHookProcess } from '../../../src/agents/claude/hook-entry.js';
import { runHookEntry } from '../../../src/agents/shared/hook-main.js';
import type { CliIo } from '../../../src/cli/command.js';

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
  /** Run through the light entry `pad-lattice-hook --agent claude …` (socket required, pre-check) instead of `claude-hook`. */
  readonly lightEntry?: boolean;
}

/**
 * The Part C hook runner, in process: the whole hook (options, stdin, body)
 * with injected stdin, stdout, stderr and environment.
 */
export async function runHook(input: string | Uint8Array | object, options: HookRunOptions): Promise<HookRun> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input instanceof Uint8Array ? Buffer.from(input) : Buffer.from(JSON.stringify(input), 'utf8');
  const stdin = Readable.from([bytes]);
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const io: CliIo = { stdin, stdout, stderr, env: options.env };
  const lightEntry = options.lightEntry === true;
  const started = performance.now();
  const code = lightEntry
    ? await runHookEntry(options.args.includes('--agent') ? options.args : ['--agent', 'claude', ...options.args], io)
    : await runClaudeHookProcess(options.args, io, { socketRequired: false, precheck: false, commandName: 'pad-lattice claude-hook' });
  const elapsedMs = performance.now() - started;
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out.join(''), stderr: err.join(''), elapsedMs, stdinConsumed: stdin.readableEnded };
}
