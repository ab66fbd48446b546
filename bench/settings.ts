import type { WorkloadSettings } from './agent-workloads.js';
import type { OpsBudget } from './ops.js';
import type { PressSettings } from './suites/presses.js';

/** How much of everything one run does: `full` for figures worth quoting, `quick` so CI keeps the bench working. */
export interface BenchSettings {
  readonly mode: 'full' | 'quick';
  readonly ops: OpsBudget;
  /** Measured state round trips; p99.9 means something only above ~1,000. */
  readonly latencySamples: number;
  /** Round trips made first and thrown away (JIT, socket buffers). */
  readonly latencyWarmup: number;
  readonly burstClients: number;
  /** Total over all clients; a multiple of burstClients. */
  readonly burstMessages: number;
  /** The agents suite: each daemon command's round trips and burst, per workload. */
  readonly agents: WorkloadSettings;
  /** Starts of each daemon command timed from spawn to first answer, before the workloads (which add one each). */
  readonly startupRuns: number;
  /** The presses suite, per input. */
  readonly presses: PressSettings;
}

export const FULL_SETTINGS: BenchSettings = {
  mode: 'full',
  ops: { maxTime: 1, minSamples: 20 },
  latencySamples: 2_000,
  latencyWarmup: 200,
  burstClients: 10,
  burstMessages: 100_000,
  // Bursts long enough that one scheduling hiccup of a shared machine does not halve the rate, after a warm-up that lets the JIT settle.
  // Round trips are measured on a daemon that has handled thousands of updates, as agents meet it: V8 compiles a function's
  // optimized code only after some thousand calls. The paced warm-up before them is reported as the fresh daemon's cost.
  agents: { samples: 1_000, warmup: 1_500, backToBackWarmup: 10_000, gapMs: 20, burstMessages: 50_000, burstWarmup: 20_000 },
  startupRuns: 5,
  presses: { presses: 150, warmup: 5, spacingMs: 300 },
};

export const QUICK_SETTINGS: BenchSettings = {
  mode: 'quick',
  ops: { maxTime: 0.05, minSamples: 5 },
  latencySamples: 40,
  latencyWarmup: 10,
  burstClients: 10,
  burstMessages: 10_000,
  agents: { samples: 30, warmup: 5, backToBackWarmup: 20, gapMs: 2, burstMessages: 500, burstWarmup: 50 },
  startupRuns: 1,
  presses: { presses: 5, warmup: 1, spacingMs: 300 },
};
