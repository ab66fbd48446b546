import { spawn } from 'node:child_process';

/** A running player, as the host audio sees it. */
export interface PlayerProcess {
  /** Stops the sound; later calls do nothing. */
  kill(): void;
}

/** How a player ended: `failure` is null when it played to the end or was killed by us. */
export type PlayerExit = { readonly failure: string | null };

/** Starts `command args…` and calls `onExit` once when it is gone; never throws for a missing command. */
export type LaunchPlayer = (command: string, args: readonly string[], onExit: (exit: PlayerExit) => void) => PlayerProcess;

/** Keeps only the start of a player's complaint: one line is enough to say why sound failed. */
const STDERR_LIMIT = 400;

/**
 * The real launcher: a detached-from-our-lifetime child (unref'd, so a
 * sound never keeps the process alive) whose stderr is kept for the one
 * failure report.
 */
export const launchPlayer: LaunchPlayer = (command, args, onExit) => {
  let stderr = '';
  let killed = false;
  let reported = false;
  const finish = (failure: string | null) => {
    if (reported) return;
    reported = true;
    onExit({ failure: killed ? null : failure });
  };
  const child = spawn(command, [...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < STDERR_LIMIT) stderr += chunk;
  });
  child.on('error', (error) => finish(error.message));
  child.on('close', (code, signal) => {
    if (code === 0) return finish(null);
    const why = stderr.trim().split('\n')[0] ?? '';
    finish(`${command} exited with ${code === null ? `signal ${signal}` : `status ${code}`}${why === '' ? '' : `: ${why}`}`);
  });
  child.unref();
  return {
    kill() {
      if (killed || child.exitCode !== null) return;
      killed = true;
      child.kill('SIGTERM');
    },
  };
};
