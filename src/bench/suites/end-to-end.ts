import { DEFAULT_POLL_INTERVAL } from '../../daemon/runtime/index.js';
import type { DeviceProfile } from '../../profiles/index.js';
import { BenchChild } from '../bench-child.js';
import { startBenchDaemon } from '../bench-daemon.js';
import { frameLatencies, type FrameRecord } from '../frame-log.js';
import type { LatencySummary } from '../latency.js';
import type { BenchSettings } from '../settings.js';
import { measureSocketFloor, startEchoServer } from '../socket-floor.js';
import { measureClientCalls, summarizeAfterWarmup, timeStateWrites } from '../state-round-trips.js';

/** The latencies of one placement of client and servers, µs. */
export interface EndToEndLatencies {
  /** `state` with `reply: true` on one persistent connection: socket write → `state_ack` line received. */
  readonly ack: LatencySummary;
  /** The same writes: socket write → last byte of the resulting frame handed to the (mock) MIDI port. */
  readonly frame: LatencySummary;
  /** PadLatticeClient.reportState(…, {reply: true}) back to back: a new connection per call, as the public client does. */
  readonly clientCall: LatencySummary;
  /** The paced round trip of `ack` against a bare echo server placed like the daemon: this machine's floor. */
  readonly socketFloor: LatencySummary;
}

export interface EndToEndResult {
  readonly profile: string;
  readonly pollIntervalMs: number;
  /** Daemon (or echo server) in a child process, client in this one, as agents run: the targets are judged on these. */
  readonly crossProcess: EndToEndLatencies;
  /** Daemon, echo server and client sharing this process and its event loop. */
  readonly inProcess: EndToEndLatencies;
}

interface Server {
  readonly socketPath: string;
  stop(): Promise<void>;
}

interface DaemonUnderTest extends Server {
  /** The control-plane revision before the first write. */
  readonly revision: number;
  frames(): Promise<readonly FrameRecord[]>;
}

/** Where the daemon and the echo server run. */
interface Placement {
  daemon(profile: DeviceProfile): Promise<DaemonUnderTest>;
  echo(): Promise<Server>;
}

const CROSS_PROCESS: Placement = {
  daemon: (profile) => BenchChild.start(['daemon', profile.id]),
  echo: () => BenchChild.start(['echo']),
};

const IN_PROCESS: Placement = {
  async daemon(profile) {
    const daemon = await startBenchDaemon(profile);
    return { socketPath: daemon.socketPath, revision: daemon.handle.runtime.plane.revision, frames: async () => daemon.frames, stop: () => daemon.stop() };
  },
  echo: startEchoServer,
};

const POLL_INTERVAL_MS = DEFAULT_POLL_INTERVAL * 1000;

/**
 * Times come from the system-wide monotonic clock (latency.ts), so a frame's
 * last byte stamped in the daemon's process is compared with the write
 * stamped in this one. A child's frame log crosses the IPC channel only after
 * the writes, so nothing but the socket traffic runs while measuring.
 */
export async function runEndToEndSuite(profile: DeviceProfile, settings: BenchSettings): Promise<EndToEndResult> {
  const crossProcess = await measurePlacement(CROSS_PROCESS, profile, settings);
  const inProcess = await measurePlacement(IN_PROCESS, profile, settings);
  return { profile: profile.id, pollIntervalMs: POLL_INTERVAL_MS, crossProcess, inProcess };
}

async function measurePlacement(placement: Placement, profile: DeviceProfile, settings: BenchSettings): Promise<EndToEndLatencies> {
  const daemon = await placement.daemon(profile);
  let measured: Omit<EndToEndLatencies, 'socketFloor'>;
  try {
    const writes = await timeStateWrites(daemon.socketPath, settings, POLL_INTERVAL_MS);
    const frames = frameLatencies(writes.writtenAt, daemon.revision, await daemon.frames());
    const clientCall = await measureClientCalls(daemon.socketPath, settings);
    measured = { ack: writes.ack, frame: summarizeAfterWarmup(frames, settings.latencyWarmup), clientCall };
  } finally {
    await daemon.stop();
  }
  const echo = await placement.echo();
  try {
    const socketFloor = await measureSocketFloor(echo.socketPath, settings.latencySamples, settings.latencyWarmup, POLL_INTERVAL_MS);
    return { ...measured, socketFloor };
  } finally {
    await echo.stop();
  }
}
