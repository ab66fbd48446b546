import { PassThrough, Readable } from 'node:stream';
import { runCodexHookProcess } from '../../../src/agents/codex/hook-process.js';
import { runHookEntry } from '../../../src/agents/shared/hook-main.js';
import type { CliIo } from '../../../src/cli/command.js';

export interface HookRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
  /** True when the hook read its stdin to the end. */
  readonly stdinConsumed: boolean;
  /** Bytes the TTY sink received (Part C "TTY sink"). */
  readonly titles: string[];
}

export interface HookRunOptions {
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Run `pad-lattice-hook` (socket pre-check, `--socket` required) instead of `codex-hook`. */
  readonly lightEntry?: boolean;
}

/** The Part C hook runner, in process: stdin, stdout, stderr, environment and title sink are injected. */
export async function runCodexHook(input: string | Uint8Array | object, options: HookRunOptions): Promise<HookRun> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input instanceof Uint8Array ? Buffer.from(input) : Buffer.from(JSON.stringify(input), 'utf8');
  const stdin = Readable.from([bytes]);
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const io: CliIo = { stdin, stdout, stderr, env: options.env };
  const titles: string[] = [];
  const started = performance.now();
  const code =
    options.lightEntry === true
      ? await runHookEntry(options.args, io)
      : await runCodexHookProcess(options.args, io, {
          socketRequired: false,
          precheck: false,
          commandName: 'pad-lattice codex-hook',
          titleSink: (bytes) => titles.push(bytes),
        });
  const elapsedMs = performance.now() - started;
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out.join(''), stderr: err.join(''), elapsedMs, stdinConsumed: stdin.readableEnded, titles };
}
