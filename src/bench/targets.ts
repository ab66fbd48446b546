import type { BenchResults } from './results.js';

/** One performance goal of the bench issue and what this run measured against it. */
export interface TargetCheck {
  readonly name: string;
  readonly comparison: '<=' | '>=';
  readonly limit: number;
  readonly measured: number;
  readonly unit: string;
  readonly met: boolean;
}

function check(name: string, comparison: TargetCheck['comparison'], limit: number, measured: number, unit: string): TargetCheck {
  const met = comparison === '<=' ? measured <= limit : measured >= limit;
  return { name, comparison, limit, measured, unit, met };
}

const worst = (values: readonly number[]) => Math.max(...values);

/**
 * The targets, each judged on the worst case the run saw (slowest profile,
 * worst frame); end to end, with client and daemon in separate processes, as agents run.
 */
export function checkTargets(results: BenchResults): TargetCheck[] {
  return [
    check('compile', '<=', 1, results.compile.meanNs / 1000, 'µs'),
    check('render (slowest profile)', '<=', 10, worst(results.render.map((r) => r.meanNs)) / 1000, 'µs'),
    check('Show RGB frame (slowest profile)', '<=', 10, worst(results.show.map((r) => r.meanNs)) / 1000, 'µs'),
    check('end to end p99, separate processes: write → state_ack', '<=', 250, results.endToEnd.crossProcess.ack.p99, 'µs'),
    check('end to end p99, separate processes: write → last frame byte', '<=', 250, results.endToEnd.crossProcess.frame.p99, 'µs'),
    check('burst', '>=', 200_000, results.burst.messagesPerSecond, 'msg/s'),
    check('CPU per frame / USB wire time (worst)', '<=', 1, worst(results.wireTime.map((r) => r.cpuPercentOfWire)), '%'),
  ];
}
