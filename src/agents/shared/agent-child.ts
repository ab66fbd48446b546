import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';
import { errnoCode, fileProblem } from '../../support/file-errors.js';

/** Where the launcher hears SIGINT/SIGTERM/SIGHUP; `process` in production, an EventEmitter in tests. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

export interface AgentChildLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Default `inherit`: the agent owns the launcher's terminal (no pseudo-terminal, no capture). */
  readonly stdio?: StdioOptions;
  readonly signals?: SignalSource;
  /** Sees the child right after it started (codex-exec reads its stdout). */
  readonly onSpawn?: (child: ChildProcess) => void;
}

/** One line for an agent that could not start, naming the option that points at its executable (`--codex`, `--claude`). */
export function spawnFailureText(command: string, error: Error, executableOption: string): string {
  const code = errnoCode(error);
  const why = code === 'ENOENT' ? 'it was not found' : code === 'EACCES' ? 'it is not executable' : fileProblem(error);
  return `cannot start ${command}: ${why}; install it, or name its executable with ${executableOption}`;
}

export type AgentChildOutcome =
  | { readonly kind: 'exited'; readonly status: number; readonly signal: NodeJS.Signals | null }
  | { readonly kind: 'spawn_failed'; readonly error: Error };

/**
 * Runs the agent and resolves when it has exited and its pipes are closed.
 * While it runs, SIGINT is ignored (the terminal already delivers it to the
 * child; forwarding would double it) and SIGTERM/SIGHUP are forwarded once
 * each (agent-adapters.md §A.7). Status is the child's exit code, or
 * 128 + signal number when a signal ended it.
 */
export function runAgentChild(launch: AgentChildLaunch): Promise<AgentChildOutcome> {
  const signals = launch.signals ?? process;
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(launch.command, [...launch.args], { env: launch.env, stdio: launch.stdio ?? 'inherit' });
    } catch (error) {
      resolve({ kind: 'spawn_failed', error: error instanceof Error ? error : new Error(String(error)) });
      return;
    }
    const forwarded = new Set<NodeJS.Signals>();
    const ignore = () => undefined;
    const forward = (signal: NodeJS.Signals) => () => {
      if (forwarded.has(signal)) return;
      forwarded.add(signal);
      child.kill(signal);
    };
    const onTerm = forward('SIGTERM');
    const onHup = forward('SIGHUP');
    const release = () => {
      signals.off('SIGINT', ignore);
      signals.off('SIGTERM', onTerm);
      signals.off('SIGHUP', onHup);
    };
    let started = false;
    child.once('spawn', () => {
      started = true;
      signals.on('SIGINT', ignore);
      signals.on('SIGTERM', onTerm);
      signals.on('SIGHUP', onHup);
      launch.onSpawn?.(child);
    });
    child.on('error', (error) => {
      if (started) return; // a failed kill after start changes nothing; 'close' still follows
      release();
      resolve({ kind: 'spawn_failed', error });
    });
    child.once('close', (code, signal) => {
      release();
      if (!started) return;
      resolve({ kind: 'exited', status: exitStatus(code, signal), signal });
    });
  });
}

/** A shell-style status: the exit code, or 128 + n for a child ended by signal n (not the reference's 256 − n). */
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal === null ? undefined : constants.signals[signal];
  return 128 + (number ?? 0);
}
