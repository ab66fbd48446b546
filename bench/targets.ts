import type { BenchResults, TargetCheck } from './results.js';
import type { AgentsResult, DaemonFigures } from './suites/agents.js';
import type { PressesResult } from './suites/presses.js';
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
/** The workloads the agents targets are judged on: few agents, and more identities than Scenes. */
const FEW = '4 agents';
const MANY = '100 identities';
export const COMPARED_WORKLOADS: readonly string[] = [FEW, MANY];
/** With every update evicting another agent from its Scene, our burst keeps at least half of its few-agents rate. */
export const CHURN_BURST_LIMIT = 0.5;
/** Round-trip p50 above the bare echo server's p50 in the same run, µs: what the daemon itself adds to an agent's wait. */
export const ABOVE_FLOOR_P50_LIMIT_US = 50;
/** Against a compared daemon, per workload: our burst at least this many times its. */
export const BURST_RATIO_LIMITS: Readonly<Record<string, number>> = { [FEW]: 10, [MANY]: 5 };
/** Against a compared daemon: our CPU per burst message at most a quarter of its, per paced round trip at most half. */
export const BURST_CPU_RATIO_LIMIT = 0.25;
export const ROUND_TRIP_CPU_RATIO_LIMIT = 0.5;
/** Press → the subscribed agent reads its action, and press → the lit feedback's last byte at the port, p99 in ms. */
export const PRESS_ACTION_P99_LIMIT_MS = 2;
export const PRESS_LIGHT_P99_LIMIT_MS = 10;

/**
 * The targets of the suites that ran, each judged on the worst case the run
 * saw (slowest profile, worst frame); end to end, with client and daemon in
 * separate processes, as agents run.
 */
export function checkTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const { compile, render, show, endToEnd, burst, wireTime, status, agents, presses } = results;
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
  if (agents) checks.push(...agentsTargets(agents));
  if (presses) checks.push(...pressesTargets(presses));
  return checks;
}

function agentsTargets(agents: AgentsResult): TargetCheck[] {
  const ours = agents.daemons[0]!;
  const checks = [check(`spawn → first answer, ${ours.name} (median of ${ours.startupMs.length} starts)`, '<=', STARTUP_LIMIT_MS, ours.startupMedianMs, 'ms')];
  const workload = (daemon: DaemonFigures, name: string) => daemon.workloads.find((w) => w.workload === name);
  const few = workload(ours, FEW);
  const many = workload(ours, MANY);
  if (few && many) {
    const churn = many.burst.messagesPerSecond / few.burst.messagesPerSecond;
    checks.push(check(`burst, ${MANY} ÷ ${FEW} (ours)`, '>=', CHURN_BURST_LIMIT, churn, '×'));
  }
  for (const result of [few, many]) {
    if (result) checks.push(check(`${result.workload}: round-trip p50 above the echo floor`, '<=', ABOVE_FLOOR_P50_LIMIT_US, result.aboveFloor.p50, 'µs'));
  }
  const other = agents.daemons[1]?.name ?? 'other';
  for (const ratio of (agents.ratios ?? []).filter((r) => COMPARED_WORKLOADS.includes(r.workload))) {
    checks.push(check(`${ratio.workload}: burst, ours ÷ ${other}`, '>=', BURST_RATIO_LIMITS[ratio.workload]!, ratio.burstRatio, '×'));
    // Without /proc there is no CPU figure to judge; the report shows the cells empty.
    if (ratio.burstCpuRatio !== null)
      checks.push(check(`${ratio.workload}: CPU per burst message, ours ÷ ${other}`, '<=', BURST_CPU_RATIO_LIMIT, ratio.burstCpuRatio, '×'));
    if (ratio.roundTripCpuRatio !== null)
      checks.push(check(`${ratio.workload}: CPU per paced round trip, ours ÷ ${other}`, '<=', ROUND_TRIP_CPU_RATIO_LIMIT, ratio.roundTripCpuRatio, '×'));
  }
  return checks;
}

function pressesTargets(presses: PressesResult): TargetCheck[] {
  return presses.paths.flatMap((path) => [
    check(`press → action p99, ${path.input}`, '<=', PRESS_ACTION_P99_LIMIT_MS, path.action.p99 / 1000, 'ms'),
    check(`press → light p99, ${path.input}`, '<=', PRESS_LIGHT_P99_LIMIT_MS, path.light.p99 / 1000, 'ms'),
  ]);
}
