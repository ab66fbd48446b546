import { setTimeout as sleep } from 'node:timers/promises';
import { PadLatticeClient } from '../../client/index.js';
import type { DeviceProfile } from '../../profiles/index.js';
import { startBenchDaemon, stateLine, type BenchDaemon } from '../bench-daemon.js';
import { LatencyRecorder, type LatencySummary } from '../latency.js';
import { LineConnection } from '../line-client.js';
import type { CountingOutput } from '../null-ports.js';
import type { BenchSettings } from '../settings.js';
import { measureSocketFloor } from '../socket-floor.js';

const REPLY_TIMEOUT_MS = 5_000;
const SESSION = 'bench-e2e';
/** Consecutive updates alternate, so every one changes the selected session's glyph and a frame must follow. */
const STATES = ['running', 'waiting_for_reply'] as const;

export interface EndToEndResult {
  readonly profile: string;
  readonly pollIntervalMs: number;
  /** Socket write → `state_ack` line received, on one persistent connection. */
  readonly ack: LatencySummary;
  /** Socket write → last byte of the resulting frame handed to the (mock) MIDI port. */
  readonly frame: LatencySummary;
  /** PadLatticeClient.reportState(…, {reply: true}): a new connection per call, as the public client does. */
  readonly clientCall: LatencySummary;
  /** The same round trip against a bare echo server: this machine's floor, no daemon. */
  readonly socketFloor: LatencySummary;
}

/**
 * Client and daemon share this process (and its event loop), as a bench must
 * to read one clock; the client's own work is therefore inside the figures.
 * Between updates the client waits a random part of the poll interval, so
 * writes land at every phase of the daemon's timer instead of always just
 * after a tick.
 */
export async function runEndToEndSuite(profile: DeviceProfile, settings: BenchSettings): Promise<EndToEndResult> {
  const daemon = await startBenchDaemon(profile);
  try {
    const { ack, frame } = await measureStateToFrame(daemon, settings);
    const clientCall = await measureClientCalls(daemon.socketPath, settings);
    const socketFloor = await measureSocketFloor(settings.latencySamples, settings.latencyWarmup, daemon.pollIntervalMs);
    return { profile: profile.id, pollIntervalMs: daemon.pollIntervalMs, ack, frame, clientCall, socketFloor };
  } finally {
    await daemon.stop();
  }
}

async function measureStateToFrame(daemon: BenchDaemon, settings: BenchSettings) {
  const connection = await LineConnection.connect(daemon.socketPath);
  const ack = new LatencyRecorder();
  const frame = new LatencyRecorder();
  try {
    const total = settings.latencyWarmup + settings.latencySamples;
    for (let i = 0; i < total; i += 1) {
      const framed = nextFrame(daemon.output);
      const replied = connection.nextLine(REPLY_TIMEOUT_MS);
      const writtenAt = performance.now();
      connection.write(stateLine(SESSION, STATES[i % STATES.length]!, true));
      const [reply, lastByteAt] = await Promise.all([replied, framed]);
      if (!reply.line.includes('"type":"state_ack"')) throw new Error(`expected a state_ack, got ${reply.line}`);
      if (i >= settings.latencyWarmup) {
        ack.recordMs(reply.at - writtenAt);
        frame.recordMs(lastByteAt - writtenAt);
      }
      await sleep(Math.random() * daemon.pollIntervalMs);
    }
  } finally {
    connection.close();
  }
  return { ack: ack.summary(), frame: frame.summary() };
}

async function measureClientCalls(socketPath: string, settings: BenchSettings): Promise<LatencySummary> {
  const client = new PadLatticeClient({ socketPath, timeoutMs: REPLY_TIMEOUT_MS });
  const calls = new LatencyRecorder();
  const agent = { backend: 'codex', sessionId: SESSION };
  const total = settings.latencyWarmup + settings.latencySamples;
  for (let i = 0; i < total; i += 1) {
    const start = performance.now();
    await client.reportState(STATES[i % STATES.length]!, { agent, reply: true });
    if (i >= settings.latencyWarmup) calls.recordMs(performance.now() - start);
  }
  return calls.summary();
}

/** Resolves with the last-byte time of the next frame the port receives. */
function nextFrame(output: CountingOutput): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      output.onFrame(null);
      reject(new Error(`no frame reached the port within ${REPLY_TIMEOUT_MS} ms`));
    }, REPLY_TIMEOUT_MS);
    output.onFrame((lastByteAt) => {
      clearTimeout(timer);
      output.onFrame(null);
      resolve(lastByteAt);
    });
  });
}
