import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/command.js';

/** A CliIo whose output is collected in memory; stdin holds the given text or bytes. */
export function captureIo(stdinContent: string | Uint8Array = '', env: NodeJS.ProcessEnv = { NO_COLOR: '1' }) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const stdin = Readable.from([stdinContent]);
  const io: CliIo = { stdout, stderr, stdin, env };
  return {
    io,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    /** True once the command has read stdin to its end. */
    stdinConsumed: () => stdin.readableEnded,
  };
}
