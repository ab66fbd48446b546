import { loadavg } from 'node:os';
import {
  AGENT_WORKLOADS,
  burstOfUpdates,
  pacedRoundTrips,
  type AgentWorkload,
  type BurstFigures,
  type RoundTripFigures,
  type WorkloadSettings,
} from '../agent-workloads.js';
import { bareNodeServerCommand, commandText, startDaemonCommand, type DaemonCommand } from '../daemon-command.js';
import { BenchChild } from '../bench-child.js';
import type { LatencySummary } from '../latency.js';
import { cpuClockOf } from '../process-cpu.js';
import type { BenchSettings } from '../settings.js';

export interface WorkloadResult {
  readonly workload: string;
  readonly identities: number;
  /** Paced `state` + `state_ack` round trips on one connection, µs. */
  readonly roundTrip: LatencySummary;
  /** The daemon process's CPU time over the measured round trips ÷ their count, µs (idle timers in the gaps included); null without /proc. */
  readonly roundTripCpuUs: number | null;
  /** The same over the paced warm-up, which the daemon met fresh, its JIT still compiling. */
  readonly freshRoundTripCpuUs: number | null;
  /** This round trip minus the echo floor's of the same workload, µs: what the daemon adds. */
  readonly aboveFloor: { readonly p50: number; readonly p99: number };
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

/**
 * A compared daemon against ours, per workload. Not round-trip p99: on a
 * shared machine scheduling decides it for every server alike (the echo
 * floor's too), so latency is compared above the floor instead.
 */
export interface WorkloadRatio {
  readonly workload: string;
  /** Our burst messages/s ÷ theirs: above 1, ours is faster. */
  readonly burstRatio: number;
  /** Our CPU per burst message ÷ theirs: below 1, ours costs less; null when either could not be read. */
  readonly burstCpuRatio: number | null;
  /** Our CPU per paced round trip ÷ theirs. */
  readonly roundTripCpuRatio: number | null;
}

/** The bare echo server's paced round trips for one workload: no daemon can answer faster through this client. */
export interface EchoFloor {
  readonly latency: LatencySummary;
  /** The echo server's CPU per round trip, µs: the floor beside the daemons' CPU per round trip. */
  readonly cpuUs: number | null;
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
  readonly floor: readonly EchoFloor[];
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
  const measured = commands.map((): { workload: AgentWorkload; roundTrip: RoundTripFigures; burst: BurstFigures }[] => []);
  const floor: EchoFloor[] = [];
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
        progress(
          `agents: ${command.name}, ${workload.name}: ${count.toLocaleString('en-US')} paced round trips (about ${seconds} s) ` +
            `and ${workloadSettings.backToBackWarmup.toLocaleString('en-US')} back to back`,
        );
        const phase = `agents: ${command.name}, ${workload.name}`;
        const cpu = cpuClockOf(daemon.pid);
        const roundTrip = await withHeartbeat(progress, phase, pacedRoundTrips(daemon.socketPath, workload, workloadSettings, cpu));
        progress(`${phase}: burst of ${workloadSettings.burstMessages.toLocaleString('en-US')} updates`);
        const burst = await withHeartbeat(progress, phase, burstOfUpdates(daemon.socketPath, workload, workloadSettings, cpu));
        measured[k]!.push({ workload, roundTrip, burst });
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
    workloads: measured[k]!.map(({ workload, roundTrip, burst }, i) => ({
      workload: workload.name,
      identities: workload.identities,
      roundTrip: roundTrip.latency,
      roundTripCpuUs: roundTrip.cpuUsPerMessage,
      freshRoundTripCpuUs: roundTrip.freshCpuUsPerMessage,
      aboveFloor: { p50: roundTrip.latency.p50 - floor[i]!.latency.p50, p99: roundTrip.latency.p99 - floor[i]!.latency.p99 },
      burst,
    })),
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

async function echoRoundTrips(workload: AgentWorkload, settings: WorkloadSettings): Promise<EchoFloor> {
  const echo = await BenchChild.start(['echo']);
  try {
    const figures = await pacedRoundTrips(echo.socketPath, workload, settings, cpuClockOf(echo.pid), true);
    return { latency: figures.latency, cpuUs: figures.cpuUsPerMessage };
  } finally {
    await echo.stop();
  }
}

function ratiosOf(ours: DaemonFigures, theirs: DaemonFigures): WorkloadRatio[] {
  return ours.workloads.map((mine, i) => {
    const other = theirs.workloads[i]!;
    return {
      workload: mine.workload,
      burstRatio: mine.burst.messagesPerSecond / other.burst.messagesPerSecond,
      burstCpuRatio: quotient(mine.burst.cpuUsPerMessage, other.burst.cpuUsPerMessage),
      roundTripCpuRatio: quotient(mine.roundTripCpuUs, other.roundTripCpuUs),
    };
  });
}

function quotient(ours: number | null, theirs: number | null): number | null {
  return ours === null || theirs === null || theirs <= 0 ? null : ours / theirs;
}
