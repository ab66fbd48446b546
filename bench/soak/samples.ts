import { readdirSync, readFileSync } from 'node:fs';

/** One reading of the daemon process. */
export interface Sample {
  /** Seconds since the soak started. */
  readonly at: number;
  readonly rssMb: number;
  readonly fds: number;
}

export function sampleProcess(pid: number, at: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return { at, rssMb: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** How much RSS may grow from just after warm-up to the end before the soak calls it growth. */
export const RSS_GROWTH_LIMIT_MB = 16;
/** Descriptors may differ by what one device (FIFO reader, trace file) and a browser reconnect hold. */
export const FD_GROWTH_LIMIT = 3;

export interface GrowthVerdict {
  readonly start: Sample;
  /** The first sample after warm-up. */
  readonly warm: Sample;
  readonly end: Sample;
  /** Median RSS of the last quarter minus median RSS of the first quarter after warm-up. */
  readonly rssGrowthMb: number;
  /** Most descriptors in the last quarter minus most in the first quarter after warm-up. */
  readonly fdGrowth: number;
  readonly ok: boolean;
}

/**
 * Growth after warm-up, robust to one-off spikes: medians (RSS moves with
 * garbage collection) and maxima (descriptors move with the device and the
 * browser tab) over the first and last quarter of the warm samples.
 */
export function judgeGrowth(samples: readonly Sample[], warmUpSeconds: number): GrowthVerdict {
  if (samples.length < 2) throw new Error('the soak took fewer than two samples');
  const warmSamples = samples.filter((sample) => sample.at >= warmUpSeconds);
  const warm = warmSamples.length >= 4 ? warmSamples : samples.slice(-4);
  const quarter = Math.max(1, Math.floor(warm.length / 4));
  const early = warm.slice(0, quarter);
  const late = warm.slice(-quarter);
  const rssGrowthMb = median(late.map((s) => s.rssMb)) - median(early.map((s) => s.rssMb));
  const fdGrowth = Math.max(...late.map((s) => s.fds)) - Math.max(...early.map((s) => s.fds));
  return {
    start: samples[0]!,
    warm: warm[0]!,
    end: samples.at(-1)!,
    rssGrowthMb,
    fdGrowth,
    ok: rssGrowthMb <= RSS_GROWTH_LIMIT_MB && fdGrowth <= FD_GROWTH_LIMIT,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
