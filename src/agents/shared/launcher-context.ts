import type { SignalSource } from './agent-child.js';
import type { HookEntry } from './hook-command.js';
import type { LeasedChildRun } from './leased-run.js';
import { LauncherTitle } from './launcher-title.js';
import { ttyTitleSink, type TitleSink } from './terminal-title.js';

/** What a launcher takes from its process; tests pass their own (never the user's agent folders or terminal). */
export interface LauncherContext {
  readonly env: NodeJS.ProcessEnv;
  /** The launcher's working directory: lease metadata and relative paths. */
  readonly cwd: string;
  readonly stderr: NodeJS.WritableStream;
  /** Where the terminal title goes (default /dev/tty). */
  readonly titleSink?: TitleSink;
  readonly signals?: SignalSource;
  readonly leaseRetryMs?: number;
}

/** A launcher whose agent runs Pad-Lattice's hook program and keeps files in the private runtime directory. */
export interface HookLauncherContext extends LauncherContext {
  /** The hook program; default: this Node and the built hook entry (tests pass a stand-in). */
  readonly hookEntry?: HookEntry;
  /** The real user id the runtime directory belongs to. */
  readonly uid?: number;
}

/** The parts of a leased run that come from the context: the launcher-owned title (unless turned off), signals, the lease's retry pause. */
export function leasedRunExtras(context: LauncherContext, terminalTitle: boolean): Pick<LeasedChildRun, 'title' | 'signals' | 'leaseRetryMs'> {
  return {
    ...(terminalTitle ? { title: new LauncherTitle(context.titleSink ?? ttyTitleSink) } : {}),
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    ...(context.leaseRetryMs === undefined ? {} : { leaseRetryMs: context.leaseRetryMs }),
  };
}
