import { loadavg } from 'node:os';
import { AGENT_WORKLOADS, burstOfUpdates, pacedRoundTrips, type AgentWorkload, type BurstFigures, type WorkloadSettings } from '../agent-workloads.js';
import { bareNodeServerCommand, commandText, startDaemonCommand, type DaemonCommand } from '../daemon-command.js';
import { BenchChild } from '../bench-child.js';
import type { LatencySummary } from '../latency.js';
import type { BenchSettings } from '../settings.js';

export interface WorkloadResult {
  readonly workload: string;
  readonly identities: number;
  /** Paced `state` + `state_ack` round trips on one connection, µs. */
  readonly roundTrip: LatencySummary;
  readonly burst: BurstFigures;
}

/** One daemon command's figures. */
export interface DaemonFigures {
  readonly name: string;
  readonly command: string;
  /** spawn → first `pong`, ms, for every start: the startup runs, then one per workload. */
  readonly startupMs: readonly number[];
  readonly startupMedianMs: number;
  /** spawn → `status` lists a surface, ms, for every start (none: the daemon never listed one within 10 s). */
  readonly surfacesMs: readonly (number | null)[];
  readonly workloads: readonly WorkloadResult[];
}

/** A compared daemon against ours, per workload: below 1 / above 1 means ours is better. */
export interface WorkloadRatio {
  readonly workload: string;
  /** Our round-trip p99 ÷ theirs. */
  readonly p99Ratio: number;
  /** Our burst messages/s ÷ theirs. */
  readonly burstRatio: number;
}

export interface AgentsResult {
  readonly settings: WorkloadSettings & { readonly startupRuns: number };
  /** 1, 5 and 15 minute load averages before and after the suite: side by side, both daemons met the same load. */
  readonly loadAverageBefore: readonly number[];
  readonly loadAverageAfter: readonly number[];
  /** Ours first, then the compared command, if any. */
  readonly daemons: readonly DaemonFigures[];
  /**
   * Per workload, the same paced round trips to a bare echo server in its
   * own process, which answers at once and does nothing else: no daemon can
   * answer faster through this client on this machine.
   */
  readonly floor: readonly LatencySummary[];
  /** Spawn → first answer of a bare Node server (no daemon code), once per startup run: Node's own share of the startup budget here. */
  readonly startupFloorMs: readonly number[];
  /** Present when a command was compared. */
  readonly ratios: readonly WorkloadRatio[] | null;
}

type Progress = (phase: string) => void;

const roundedLoad = () => loadavg().map((load) => Math.round(load * 100) / 100);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Each daemon command runs as users run it: its own process, started fresh
 * for every workload, spoken to by this process's client over the Unix
 * socket. With a second command, each phase runs for both, one right after
 * the other, so both meet the same machine and the ratios come from one run.
 */
export async function runAgentsSuite(commands: readonly DaemonCommand[], settings: BenchSettings, progress: Progress): Promise<AgentsResult> {
  const workloadSettings = settings.agents;
  const loadAverageBefore = roundedLoad();
  const startups = commands.map((): number[] => []);
  const surfaceStarts = commands.map((): (number | null)[] => []);
  const results = commands.map((): WorkloadResult[] => []);
  const floor: LatencySummary[] = [];
  const startupFloorMs: number[] = [];
  const floorCommand = bareNodeServerCommand();
  for (let run = 1; run <= settings.startupRuns; run += 1) {
    for (const [k, command] of [...commands, floorCommand].entries()) {
      progress(`agents: ${command.name}: spawn → first answer, start ${run} of ${settings.startupRuns}`);
      const daemon = await startDaemonCommand(command, command !== floorCommand);
      (startups[k] ?? startupFloorMs).push(daemon.spawnToFirstAnswerMs);
      surfaceStarts[k]?.push(daemon.spawnToSurfacesMs);
      await daemon.stop();
    }
  }
  for (const workload of AGENT_WORKLOADS) {
    for (const [k, command] of commands.entries()) {
      // Measured once its surfaces are open: a daemon that has been running a while is what agents meet.
      const daemon = await startDaemonCommand(command);
      startups[k]!.push(daemon.spawnToFirstAnswerMs);
      surfaceStarts[k]!.push(daemon.spawnToSurfacesMs);
      try {
        const count = workloadSettings.warmup + workloadSettings.samples;
        const seconds = Math.ceil((count * workloadSettings.gapMs) / 2 / 1000);
        progress(`agents: ${command.name}, ${workload.name}: ${count.toLocaleString('en-US')} paced round trips (about ${seconds} s)`);
        const phase = `agents: ${command.name}, ${workload.name}`;
        const roundTrip = await withHeartbeat(progress, phase, pacedRoundTrips(daemon.socketPath, workload, workloadSettings));
        progress(`${phase}: burst of ${workloadSettings.burstMessages.toLocaleString('en-US')} updates`);
        const burst = await withHeartbeat(progress, phase, burstOfUpdates(daemon.socketPath, workload, workloadSettings));
        results[k]!.push({ workload: workload.name, identities: workload.identities, roundTrip, burst });
      } finally {
        await daemon.stop();
      }
    }
    progress(`agents: floor, ${workload.name}: the same round trips to a bare echo server`);
    floor.push(await echoRoundTrips(workload, workloadSettings));
  }
  const daemons = commands.map((command, k) => ({
    name: command.name,
    command: commandText(command),
    startupMs: startups[k]!,
    startupMedianMs: median(startups[k]!),
    surfacesMs: surfaceStarts[k]!,
    workloads: results[k]!,
  }));
  return {
    settings: { ...workloadSettings, startupRuns: settings.startupRuns },
    loadAverageBefore,
    loadAverageAfter: roundedLoad(),
    daemons,
    floor,
    startupFloorMs,
    ratios: daemons.length > 1 ? ratiosOf(daemons[0]!, daemons[1]!) : null,
  };
}

/** Seconds between "still running" notes: a slow daemon's burst can take minutes, and a silent bench looks hung. */
const HEARTBEAT_SECONDS = 15;

/** Awaits `work`, telling `progress` every HEARTBEAT_SECONDS how long it has been running. */
async function withHeartbeat<T>(progress: Progress, phase: string, work: Promise<T>): Promise<T> {
  const startedAt = Date.now();
  const timer = setInterval(() => progress(`${phase}: still running (${Math.round((Date.now() - startedAt) / 1000)} s)`), HEARTBEAT_SECONDS * 1000);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

async function echoRoundTrips(workload: AgentWorkload, settings: WorkloadSettings): Promise<LatencySummary> {
  const echo = await BenchChild.start(['echo']);
  try {
    return await pacedRoundTrips(echo.socketPath, workload, settings, true);
  } finally {
    await echo.stop();
  }
}

function ratiosOf(ours: DaemonFigures, theirs: DaemonFigures): WorkloadRatio[] {
  return ours.workloads.map((mine, i) => {
    const other = theirs.workloads[i]!;
    return {
      workload: mine.workload,
      p99Ratio: mine.roundTrip.p99 / other.roundTrip.p99,
      burstRatio: mine.burst.messagesPerSecond / other.burst.messagesPerSecond,
    };
  });
}
