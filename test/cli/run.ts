import { runCli } from '../../src/cli/main.js';
import { captureIo } from '../helpers/capture-io.js';

/** Runs `pad-lattice ARGS` in-process and returns the exit code with everything it printed. */
export async function pl(args: readonly string[], env: NodeJS.ProcessEnv = { NO_COLOR: '1' }) {
  const io = captureIo('', env);
  const code = await runCli(args, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** Starts `pad-lattice ARGS` without waiting; `output()` shows what it printed so far. */
export function plStarted(args: readonly string[], env: NodeJS.ProcessEnv = { NO_COLOR: '1' }) {
  const io = captureIo('', env);
  const done = runCli(args, io.io).then((code) => ({ code, stdout: io.stdout(), stderr: io.stderr() }));
  return { done, output: () => io.stdout() };
}
