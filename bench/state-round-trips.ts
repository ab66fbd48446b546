import { setTimeout as sleep } from 'node:timers/promises';
import { PadLatticeClient } from '../src/client/index.js';
import { stateLine } from './bench-daemon.js';
import { LatencyRecorder, monotonicNs, type LatencySummary } from './latency.js';
import { LineConnection } from './line-client.js';
import type { BenchSettings } from './settings.js';

const REPLY_TIMEOUT_MS = 5_000;
const SESSION = 'bench-e2e';
/** Consecutive updates alternate, so every one changes the selected session's glyph and a frame must follow. */
const STATES = ['running', 'waiting_for_reply'] as const;

/** One run of `state` writes on one persistent connection. */
export interface StateWrites {
  /** When each line was written (monotonicNs()), warm-up included, in order. */
  readonly writtenAt: readonly bigint[];
  /** Write → `state_ack` line received, warm-up excluded. */
  readonly ack: LatencySummary;
}

/**
 * Writes `state` lines with `reply: true` and times each `state_ack`. After
 * each reply the client waits a random part of `gapMs` (the daemon's poll
 * interval), so writes land at every phase of the daemon's timer and meet an
 * idle daemon, as an agent's would.
 */
export async function timeStateWrites(socketPath: string, settings: BenchSettings, gapMs: number): Promise<StateWrites> {
  const connection = await LineConnection.connect(socketPath);
  const writtenAt: bigint[] = [];
  const ack = new LatencyRecorder();
  try {
    for (let i = 0; i < settings.latencyWarmup + settings.latencySamples; i += 1) {
      const replied = connection.nextLine(REPLY_TIMEOUT_MS);
      const at = monotonicNs();
      connection.write(stateLine(SESSION, STATES[i % STATES.length]!, true));
      const reply = await replied;
      if (!reply.line.includes('"type":"state_ack"')) throw new Error(`expected a state_ack, got ${reply.line}`);
      writtenAt.push(at);
      if (i >= settings.latencyWarmup) ack.recordNs(reply.at - at);
      await sleep(Math.random() * gapMs);
    }
  } finally {
    connection.close();
  }
  return { writtenAt, ack: ack.summary() };
}

/** The summary of `latencies` after the first `warmup`. */
export function summarizeAfterWarmup(latencies: readonly bigint[], warmup: number): LatencySummary {
  const recorder = new LatencyRecorder();
  for (const latency of latencies.slice(warmup)) recorder.recordNs(latency);
  return recorder.summary();
}

/** PadLatticeClient.reportState(…, {reply: true}) back to back: a new connection per call, as the public client does. */
export async function measureClientCalls(socketPath: string, settings: BenchSettings): Promise<LatencySummary> {
  const client = new PadLatticeClient({ socketPath, timeoutMs: REPLY_TIMEOUT_MS });
  const calls = new LatencyRecorder();
  const agent = { backend: 'codex', sessionId: SESSION };
  for (let i = 0; i < settings.latencyWarmup + settings.latencySamples; i += 1) {
    const start = monotonicNs();
    await client.reportState(STATES[i % STATES.length]!, { agent, reply: true });
    if (i >= settings.latencyWarmup) calls.recordNs(monotonicNs() - start);
  }
  return calls.summary();
}
