import Benchmark from 'benchmark';

/** How long benchmark.js may sample one operation. */
export interface OpsBudget {
  /** Seconds; benchmark.js stops taking samples after this. */
  readonly maxTime: number;
  readonly minSamples: number;
}

export interface OpsResult {
  readonly opsPerSecond: number;
  /** Mean time of one operation, nanoseconds. */
  readonly meanNs: number;
  /** Relative margin of error of the mean, percent (95 % confidence). */
  readonly rmePercent: number;
  readonly samples: number;
}

/**
 * Runs `operation` under benchmark.js, synchronously. The function is called
 * by reference, never decompiled (no setup/teardown strings), so it may close
 * over anything.
 */
export function measureOps(name: string, operation: () => void, budget: OpsBudget): OpsResult {
  const bench = new Benchmark(name, operation, { async: false, maxTime: budget.maxTime, minSamples: budget.minSamples });
  bench.run();
  if (bench.error !== undefined && bench.error !== null) throw bench.error;
  const mean = bench.stats.mean;
  if (!(mean > 0)) throw new Error(`benchmark ${name} produced no samples`);
  return {
    opsPerSecond: bench.hz,
    meanNs: mean * 1e9,
    rmePercent: bench.stats.rme,
    samples: bench.stats.sample.length,
  };
}
