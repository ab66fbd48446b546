import type { BenchResults, TargetCheck } from './results.js';
import type { StatusResult } from './suites/status.js';
import { integer } from './table.js';

/** One performance goal of the bench issue and what this run measured against it. */

function check(name: string, comparison: TargetCheck['comparison'], limit: number, measured: number, unit: string): TargetCheck {
  const met = comparison === '<=' ? measured <= limit : measured >= limit;
  return { name, comparison, limit, measured, unit, met };
}

const worst = (values: readonly number[]) => Math.max(...values);

/** A `status` must stay well inside the CLI's 2 s timeout however much metadata agents send. */
export const STATUS_LIMIT_MS = 50;
const STATUS_TARGET_SESSIONS = 100;
const statusMs = (status: readonly StatusResult[]) => (status.find((r) => r.sessions === STATUS_TARGET_SESSIONS)?.firstUs ?? Number.NaN) / 1000;

/** Spawn to first answer of our daemon, judged on the median start. */
export const STARTUP_LIMIT_MS = 300;
/** Against a compared daemon: our round-trip p99 at most a quarter of its, our burst at least ten times its. */
export const P99_RATIO_LIMIT = 0.25;
export const BURST_RATIO_LIMIT = 10;
/** The workloads the comparison targets are judged on: few agents, and more identities than Scenes. */
export const COMPARED_WORKLOADS: readonly string[] = ['4 agents', '100 identities'];

/**
 * The targets of the suites that ran, each judged on the worst case the run
 * saw (slowest profile, worst frame); end to end, with client and daemon in
 * separate processes, as agents run.
 */
export function checkTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const { compile, render, show, endToEnd, burst, wireTime, status, agents } = results;
  if (compile) checks.push(check('compile', '<=', 1, compile.meanNs / 1000, 'µs'));
  if (render) checks.push(check('render (slowest profile)', '<=', 10, worst(render.map((r) => r.meanNs)) / 1000, 'µs'));
  if (show) checks.push(check('Show RGB frame (slowest profile)', '<=', 10, worst(show.map((r) => r.meanNs)) / 1000, 'µs'));
  if (endToEnd) {
    checks.push(check('end to end p99, separate processes: write → state_ack', '<=', 250, endToEnd.crossProcess.ack.p99, 'µs'));
    checks.push(check('end to end p99, separate processes: write → last frame byte', '<=', 250, endToEnd.crossProcess.frame.p99, 'µs'));
  }
  if (status)
    checks.push(check(`first status, ${integer(STATUS_TARGET_SESSIONS)} sessions at the metadata bounds`, '<=', STATUS_LIMIT_MS, statusMs(status), 'ms'));
  if (burst) checks.push(check('burst', '>=', 200_000, burst.messagesPerSecond, 'msg/s'));
  if (wireTime) checks.push(check('CPU per frame / USB wire time (worst)', '<=', 1, worst(wireTime.map((r) => r.cpuPercentOfWire)), '%'));
  if (agents) {
    const ours = agents.daemons[0]!;
    checks.push(check(`spawn → first answer, ${ours.name} (median of ${ours.startupMs.length} starts)`, '<=', STARTUP_LIMIT_MS, ours.startupMedianMs, 'ms'));
    const other = agents.daemons[1]?.name ?? 'other';
    for (const ratio of (agents.ratios ?? []).filter((r) => COMPARED_WORKLOADS.includes(r.workload))) {
      checks.push(check(`${ratio.workload}: round-trip p99, ours ÷ ${other}`, '<=', P99_RATIO_LIMIT, ratio.p99Ratio, '×'));
      checks.push(check(`${ratio.workload}: burst, ours ÷ ${other}`, '>=', BURST_RATIO_LIMIT, ratio.burstRatio, '×'));
    }
  }
  return checks;
}
