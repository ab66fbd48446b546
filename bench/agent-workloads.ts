import { setTimeout as sleep } from 'node:timers/promises';
import { stateLine } from './bench-daemon.js';
import { LatencyRecorder, monotonicNs, type LatencySummary } from './latency.js';
import { LineConnection } from './line-client.js';
import { cpuUsPerOperation, type CpuClock } from './process-cpu.js';

/** How many agents report at once; more identities than the 8 Scenes means every update may evict another. */
export interface AgentWorkload {
  readonly name: string;
  readonly identities: number;
}

export const AGENT_WORKLOADS: readonly AgentWorkload[] = [
  { name: '4 agents', identities: 4 },
  { name: '12 agents', identities: 12 },
  { name: '100 identities', identities: 100 },
];

/** The pacing and size of one workload's measurements. */
export interface WorkloadSettings {
  /** Measured round trips. */
  readonly samples: number;
  /**
   * Paced round trips made first, as a freshly started daemon meets them:
   * not in the latency figures, but their CPU is reported as the fresh
   * daemon's (V8 is still compiling its hot path).
   */
  readonly warmup: number;
  /**
   * Round trips made next, each written as soon as the last reply came, and
   * thrown away: they bring the daemon to the state agents meet, one that
   * has handled thousands of updates and whose hot path V8 has compiled
   * (which takes some thousand calls, however fast they come).
   */
  readonly backToBackWarmup: number;
  /** After each reply the client waits a random 0…gapMs, so each update meets an idle daemon, as an agent's does. */
  readonly gapMs: number;
  /** Fire-and-forget `state` lines in the measured burst. */
  readonly burstMessages: number;
  /** Lines of the burst before it, which warms a JIT up as a running daemon is warm; not timed. */
  readonly burstWarmup: number;
}

export interface BurstFigures {
  readonly messages: number;
  /** First byte written → the closing pong received. */
  readonly seconds: number;
  readonly messagesPerSecond: number;
  /** Lines other than the pong that came back; a sound burst has none. */
  readonly errors: number;
  /** The server process's CPU time over the measured burst ÷ its messages, µs; null where it cannot be read (not Linux). */
  readonly cpuUsPerMessage: number | null;
}

/** Paced round trips: their latency, and the server's CPU per round trip over the measured ones (its idle timers in the gaps included). */
export interface RoundTripFigures {
  readonly latency: LatencySummary;
  readonly cpuUsPerMessage: number | null;
  /** The same over the paced warm-up, which a fresh server met: what an update costs before the JIT has settled. */
  readonly freshCpuUsPerMessage: number | null;
}

const NO_CPU_CLOCK: CpuClock = () => null;

const REPLY_TIMEOUT_MS = 10_000;
const BURST_TIMEOUT_MS = 300_000;
const PING_LINE = '{"protocol":1,"type":"ping"}\n';
/** Neither protects a Scene from eviction, and alternating them makes every update change what the pad shows. */
const STATES = ['running', 'waiting_for_reply'] as const;

/** The i-th update of a workload: identities take turns, and each turn flips the identity's state. */
function updateLine(workload: AgentWorkload, i: number, reply: boolean): string {
  const identity = i % workload.identities;
  const state = STATES[Math.floor(i / workload.identities) % STATES.length]!;
  return stateLine(`agent-${identity}`, state, reply);
}

/**
 * `state` with `reply: true` on one connection: paced round trips on a
 * fresh server (the warm-up), back-to-back ones, then the measured paced
 * ones, write → reply received, µs. A daemon must answer `state_ack`; an
 * echo server (the floor, `anyReply`) may answer anything.
 */
export async function pacedRoundTrips(
  socketPath: string,
  workload: AgentWorkload,
  settings: WorkloadSettings,
  cpu: CpuClock = NO_CPU_CLOCK,
  anyReply = false,
): Promise<RoundTripFigures> {
  const connection = await LineConnection.connect(socketPath);
  try {
    const roundTrip = async (i: number): Promise<bigint> => {
      const replied = connection.nextLine(REPLY_TIMEOUT_MS);
      const writtenAt = monotonicNs();
      connection.write(updateLine(workload, i, true));
      const reply = await replied;
      if (!anyReply && !reply.line.includes('"type":"state_ack"')) throw new Error(`expected a state_ack, got ${reply.line}`);
      return reply.at - writtenAt;
    };
    const paced = async (from: number, count: number, recorder: LatencyRecorder | null): Promise<number | null> => {
      const cpuBefore = cpu();
      for (let i = from; i < from + count; i += 1) {
        const latency = await roundTrip(i);
        recorder?.recordNs(latency);
        await sleep(Math.random() * settings.gapMs);
      }
      return cpuUsPerOperation(cpuBefore, cpu(), count);
    };
    const freshCpuUsPerMessage = await paced(0, settings.warmup, null);
    const measuredFrom = settings.warmup + settings.backToBackWarmup;
    for (let i = settings.warmup; i < measuredFrom; i += 1) await roundTrip(i);
    const recorder = new LatencyRecorder();
    const cpuUsPerMessage = await paced(measuredFrom, settings.samples, recorder);
    return { latency: recorder.summary(), cpuUsPerMessage, freshCpuUsPerMessage };
  } finally {
    connection.close();
  }
}

/**
 * Fire-and-forget `state` lines written at once on one connection, then a
 * `ping`: lines on a connection are handled in order, so the pong means every
 * update before it was handled. A smaller burst warms up first.
 */
export async function burstOfUpdates(
  socketPath: string,
  workload: AgentWorkload,
  settings: WorkloadSettings,
  cpu: CpuClock = NO_CPU_CLOCK,
): Promise<BurstFigures> {
  const connection = await LineConnection.connect(socketPath);
  try {
    await burst(connection, workload, settings.burstWarmup, NO_CPU_CLOCK);
    return await burst(connection, workload, settings.burstMessages, cpu);
  } finally {
    connection.close();
  }
}

async function burst(connection: LineConnection, workload: AgentWorkload, messages: number, cpu: CpuClock): Promise<BurstFigures> {
  const lines: string[] = [];
  for (let i = 0; i < messages; i += 1) lines.push(updateLine(workload, i, false));
  const payload = lines.join('') + PING_LINE;
  const cpuBefore = cpu();
  const start = monotonicNs();
  connection.write(payload);
  let errors = 0;
  for (;;) {
    const reply = await connection.nextLine(BURST_TIMEOUT_MS);
    if (reply.line.includes('"type":"pong"')) {
      const seconds = Number(reply.at - start) / 1e9;
      const cpuUsPerMessage = cpuUsPerOperation(cpuBefore, cpu(), messages);
      return { messages, seconds, messagesPerSecond: messages / seconds, errors, cpuUsPerMessage };
    }
    errors += 1;
  }
}
