import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

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

/** Collects latencies given in milliseconds (performance.now() differences) into a nanosecond histogram. */
export class LatencyRecorder {
  readonly #histogram: RecordableHistogram = createHistogram();

  recordMs(milliseconds: number): void {
    // The histogram takes integers ≥ 1; a sub-nanosecond latency cannot be measured anyway.
    this.#histogram.record(Math.max(1, Math.round(milliseconds * 1e6)));
  }

  get count(): number {
    return this.#histogram.count;
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
