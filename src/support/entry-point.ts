import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './cli-io.js';
import { refuseDebuggerSignal } from './debugger-signal.js';
import { stopQuietlyWhenOutputCloses } from './closed-output.js';

export interface ProgramOptions {
  /** Prefix of the line printed when `main` itself throws. */
  readonly name: string;
  /** The exit status after such a crash. */
  readonly crashExit: number;
}

/**
 * Runs `main` with the process's arguments and streams, but only when the
 * module at `moduleUrl` is the script this process was started as (npm's
 * bin links are symlinks, hence the realpath); importing the module, as
 * tests do, runs nothing.
 */
export function runIfEntryPoint(moduleUrl: string, main: (args: readonly string[], io: CliIo) => Promise<number>, options: ProgramOptions): void {
  if (isEntryPoint(moduleUrl)) runProgram(main, options);
}

/**
 * Runs `main` as the program. The bin files (`bin.ts`, `hook-bin.ts`) have
 * refused SIGUSR1 before loading anything; a module started directly does
 * it here, after its imports loaded.
 */
export function runProgram(main: (args: readonly string[], io: CliIo) => Promise<number>, options: ProgramOptions): void {
  refuseDebuggerSignal();
  stopQuietlyWhenOutputCloses(process.stdout, process.stderr);
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${options.name}: ${String(error)}\n`);
      process.exitCode = options.crashExit;
    },
  );
}

function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
