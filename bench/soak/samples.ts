import { readdirSync, readFileSync } from 'node:fs';

/** One reading of the daemon process. */
export interface Sample {
  /** Seconds since the soak started. */
  readonly at: number;
  readonly rssMb: number;
  readonly fds: number;
  /** JavaScript heap plus external memory right after a full collection (retained-memory.ts); null when the daemon did not answer. */
  readonly retainedMb: number | null;
}

export function sampleProcess(pid: number, at: number, retainedMb: number | null): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return { at, rssMb: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length, retainedMb };
}

/** How much retained memory may grow from just after warm-up to the end before the soak calls it growth. */
export const RETAINED_GROWTH_LIMIT_MB = 8;
/** How much RSS may grow, judged only over windows long enough to hold several collection cycles. */
export const RSS_GROWTH_LIMIT_MB = 16;
/**
 * RSS rises and falls with V8's collection cycle (about 30 MB from peak to
 * trough here, one major collection every 20 s or so under the soak's load),
 * so the median of a quarter says something only when each quarter spans
 * several cycles. Shorter runs are judged by retained memory alone.
 */
export const RSS_JUDGED_QUARTER_SECONDS = 120;
/** Descriptors may differ by what one device (FIFO reader, trace file) and a browser reconnect hold. */
export const FD_GROWTH_LIMIT = 3;

export interface GrowthVerdict {
  readonly start: Sample;
  /** The first sample after warm-up. */
  readonly warm: Sample;
  readonly end: Sample;
  /** Median retained memory of the last quarter minus that of the first quarter after warm-up. */
  readonly retainedGrowthMb: number;
  /** Median RSS of the last quarter minus median RSS of the first quarter after warm-up. */
  readonly rssGrowthMb: number;
  /** Whether the quarters were long enough for RSS to count (RSS_JUDGED_QUARTER_SECONDS). */
  readonly rssJudged: boolean;
  /** Most descriptors in the last quarter minus most in the first quarter after warm-up. */
  readonly fdGrowth: number;
  readonly ok: boolean;
}

/**
 * Growth after warm-up, robust to one-off spikes: medians (memory moves with
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
  const retained = (of: readonly Sample[]) => of.flatMap((s) => (s.retainedMb === null ? [] : [s.retainedMb]));
  const [earlyRetained, lateRetained] = [retained(early), retained(late)];
  if (earlyRetained.length === 0 || lateRetained.length === 0)
    throw new Error('the daemon reported no retained memory at the start or the end of the warm window');
  const retainedGrowthMb = median(lateRetained) - median(earlyRetained);
  const rssGrowthMb = median(late.map((s) => s.rssMb)) - median(early.map((s) => s.rssMb));
  const rssJudged = late.at(-1)!.at - late[0]!.at >= RSS_JUDGED_QUARTER_SECONDS;
  const fdGrowth = Math.max(...late.map((s) => s.fds)) - Math.max(...early.map((s) => s.fds));
  return {
    start: samples[0]!,
    warm: warm[0]!,
    end: samples.at(-1)!,
    retainedGrowthMb,
    rssGrowthMb,
    rssJudged,
    fdGrowth,
    ok: retainedGrowthMb <= RETAINED_GROWTH_LIMIT_MB && (!rssJudged || rssGrowthMb <= RSS_GROWTH_LIMIT_MB) && fdGrowth <= FD_GROWTH_LIMIT,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
