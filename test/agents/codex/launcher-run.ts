import { EventEmitter } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCodexLauncher } from '../../../src/agents/codex/launcher.js';
import { captureIo } from '../../helpers/capture-io.js';
import { privateTempDir } from '../shared/fake-daemon.js';

export interface LauncherRun {
  readonly code: number;
  readonly stderr: string;
}

/** A `pad-lattice` executable (an empty file is enough: only its path and siblings matter). */
export function fakePadLatticeExecutable(options: { withHookSibling: boolean; dirName?: string }): string {
  const dir = join(privateTempDir(), options.dirName ?? 'bin');
  const executable = join(dir, 'pad-lattice');
  writeFileAt(executable);
  if (options.withHookSibling) writeFileAt(join(dir, 'pad-lattice-hook'));
  return executable;
}

function writeFileAt(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
}

/** Runs `pad-lattice codex ARGS` in process; the child inherits this process's stdio, as in production. */
export async function runLauncher(args: readonly string[], env: NodeJS.ProcessEnv, options: { cwd?: string; argv0?: string; signals?: EventEmitter } = {}): Promise<LauncherRun> {
  const capture = captureIo('', env);
  const code = await runCodexLauncher(args, capture.io, {
    argv0: options.argv0 ?? fakePadLatticeExecutable({ withHookSibling: true }),
    cwd: options.cwd ?? process.cwd(),
    signals: options.signals ?? new EventEmitter(),
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stderr: capture.stderr() };
}
