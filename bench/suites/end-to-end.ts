import { DEFAULT_POLL_INTERVAL } from '../../src/daemon/runtime/index.js';
import type { DeviceProfile } from '../../src/profiles/index.js';
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
  readonly name: string;
  daemon(profile: DeviceProfile): Promise<DaemonUnderTest>;
  echo(): Promise<Server>;
}

const CROSS_PROCESS: Placement = {
  name: 'daemon in a child process',
  daemon: (profile) => BenchChild.start(['daemon', profile.id]),
  echo: () => BenchChild.start(['echo']),
};

const IN_PROCESS: Placement = {
  name: 'daemon in this process',
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
export async function runEndToEndSuite(
  profile: DeviceProfile,
  settings: BenchSettings,
  progress: (phase: string) => void = () => undefined,
): Promise<EndToEndResult> {
  const crossProcess = await measurePlacement(CROSS_PROCESS, profile, settings, progress);
  const inProcess = await measurePlacement(IN_PROCESS, profile, settings, progress);
  return { profile: profile.id, pollIntervalMs: POLL_INTERVAL_MS, crossProcess, inProcess };
}

async function measurePlacement(
  placement: Placement,
  profile: DeviceProfile,
  settings: BenchSettings,
  progress: (phase: string) => void,
): Promise<EndToEndLatencies> {
  const daemon = await placement.daemon(profile);
  const count = (settings.latencyWarmup + settings.latencySamples).toLocaleString('en-US');
  const seconds = Math.ceil(((settings.latencyWarmup + settings.latencySamples) * POLL_INTERVAL_MS) / 2 / 1000);
  let measured: Omit<EndToEndLatencies, 'socketFloor'>;
  try {
    progress(`end to end, ${placement.name}: ${count} paced round trips (about ${seconds} s)`);
    const writes = await timeStateWrites(daemon.socketPath, settings, POLL_INTERVAL_MS);
    const frames = frameLatencies(writes.writtenAt, daemon.revision, await daemon.frames());
    progress(`end to end, ${placement.name}: ${count} PadLatticeClient calls`);
    const clientCall = await measureClientCalls(daemon.socketPath, settings);
    measured = { ack: writes.ack, frame: summarizeAfterWarmup(frames, settings.latencyWarmup), clientCall };
  } finally {
    await daemon.stop();
  }
  const echo = await placement.echo();
  try {
    progress(`end to end, ${placement.name}: the same round trips to a bare echo server (about ${seconds} s)`);
    const socketFloor = await measureSocketFloor(echo.socketPath, settings.latencySamples, settings.latencyWarmup, POLL_INTERVAL_MS);
    return { ...measured, socketFloor };
  } finally {
    await echo.stop();
  }
}
