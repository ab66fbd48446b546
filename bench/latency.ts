import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Nanoseconds on the system-wide monotonic clock. On Linux process.hrtime
 * reads CLOCK_MONOTONIC, which every process on the machine shares, so a time
 * taken in the daemon's process can be subtracted from one taken in the
 * client's. (performance.now() counts from each process's own start instead.)
 */
export function monotonicNs(): bigint {
  return process.hrtime.bigint();
}

/** Percentiles of one latency, microseconds. */
export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly p999: number;
  readonly max: number;
  readonly mean: number;
}

/** Collects latencies in nanoseconds into a histogram. */
export class LatencyRecorder {
  readonly #histogram: RecordableHistogram = createHistogram();

  recordNs(nanoseconds: bigint): void {
    if (nanoseconds < 0n) throw new RangeError(`a latency cannot be negative: ${nanoseconds} ns`);
    // The histogram takes integers ≥ 1; a sub-nanosecond latency cannot be measured anyway.
    this.#histogram.record(nanoseconds < 1n ? 1n : nanoseconds);
  }

  summary(): LatencySummary {
    const h = this.#histogram;
    const micros = (ns: number) => ns / 1000;
    return {
      count: h.count,
      p50: micros(h.percentile(50)),
      p90: micros(h.percentile(90)),
      p99: micros(h.percentile(99)),
      p999: micros(h.percentile(99.9)),
      max: micros(h.max),
      mean: micros(h.mean),
    };
  }
}
