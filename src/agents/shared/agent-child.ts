import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';

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

/** The agent program a launcher starts, as a user names it: for messages about it. */
export interface AgentProgram {
  /** e.g. `Codex`, `Claude Code`. */
  readonly name: string;
  /** The launcher option that names another executable, e.g. `--codex`. */
  readonly flag: string;
}

/**
 * One line saying why the agent could not be started and how to fix it,
 * e.g. `cannot find Codex ('codex' is not on PATH); install it, or name the executable with --codex BIN`.
 */
export function spawnFailureMessage(error: Error, command: string, program: AgentProgram): string {
  const code = (error as NodeJS.ErrnoException).code;
  const fix = `name the executable with ${program.flag} BIN`;
  if (code === 'ENOENT') {
    const where = command.includes('/') ? `'${command}' does not exist` : `'${command}' is not on PATH`;
    return `cannot find ${program.name} (${where}); install it, or ${fix}`;
  }
  if (code === 'EACCES') return `cannot run ${program.name} ('${command}' is not executable); make it executable, or ${fix}`;
  return `cannot start ${program.name} ('${command}'${code === undefined ? '' : `, ${code}`}); ${fix}`;
}

/** A shell-style status: the exit code, or 128 + n for a child ended by signal n (not the reference's 256 − n). */
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal === null ? undefined : constants.signals[signal];
  return 128 + (number ?? 0);
}
