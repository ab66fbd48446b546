import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceProfile } from '../../src/profiles/index.js';
import { startBenchDaemon, stateLine, type BenchDaemon } from '../bench-daemon.js';
import { monotonicNs } from '../latency.js';
import { LineConnection } from '../line-client.js';
import type { BenchSettings } from '../settings.js';

const FINISH_TIMEOUT_MS = 60_000;
const PING_LINE = '{"protocol":1,"type":"ping"}\n';
const STATES = ['running', 'user_typing', 'waiting_for_reply', 'running', 'success'] as const;

export interface BurstResult {
  readonly profile: string;
  readonly clients: number;
  /** `state` lines written, over all clients. */
  readonly messages: number;
  /** `state` lines the daemon handled (counted at its line handler). */
  readonly handled: number;
  /** Error replies received; a sound burst has none. */
  readonly errors: number;
  /** First write → the last client's closing pong. */
  readonly seconds: number;
  readonly messagesPerSecond: number;
  /** Surface renders the burst caused: far fewer than messages, because a render takes whatever changed since the last. */
  readonly renders: number;
}

/**
 * Each client writes all its `state` lines (fire-and-forget, its own session)
 * followed by a `ping` on one persistent connection. A connection's lines are
 * handled in order, so its `pong` proves every line before it was handled.
 * A tenth-size burst first warms the daemon's code, as a daemon that has been
 * running is warm; only the second burst is reported.
 */
export async function runBurstSuite(profile: DeviceProfile, settings: BenchSettings): Promise<BurstResult> {
  const daemon = await startBenchDaemon(profile);
  const connections: LineConnection[] = [];
  try {
    for (let k = 0; k < settings.burstClients; k += 1) connections.push(await LineConnection.connect(daemon.socketPath));
    const perClient = settings.burstMessages / settings.burstClients;
    await burst(daemon, connections, Math.ceil(perClient / 10));
    return { profile: profile.id, clients: settings.burstClients, ...(await burst(daemon, connections, perClient)) };
  } finally {
    for (const connection of connections) connection.close();
    await daemon.stop();
  }
}

async function burst(daemon: BenchDaemon, connections: readonly LineConnection[], perClient: number) {
  const payloads = connections.map((_, k) => burstPayload(`burst-${k}`, perClient));
  const handled = countHandledLines(daemon);
  const firstFrame = daemon.handle.runtime.frame;
  const start = monotonicNs();
  connections.forEach((connection, k) => connection.write(payloads[k]!));
  const endings = await Promise.all(connections.map(awaitPong));
  // biome-ignore lint/complexity/useMathMinMax: the times are bigint nanoseconds, which Math.max does not take
  const lastPong = endings.reduce((latest, ending) => (ending.at > latest ? ending.at : latest), start);
  const seconds = Number(lastPong - start) / 1e9;
  // The render of the burst's last lines may follow the pong by up to one poll interval.
  await sleep(2 * daemon.pollIntervalMs);
  handled.stop();
  const messages = perClient * connections.length;
  return {
    messages,
    // Every line the daemon handled, less the one ping per client.
    handled: handled.count - connections.length,
    errors: endings.reduce((sum, ending) => sum + ending.errors, 0),
    seconds,
    messagesPerSecond: messages / seconds,
    renders: daemon.handle.runtime.frame - firstFrame,
  };
}

function burstPayload(sessionId: string, count: number): string {
  const lines = STATES.map((state) => stateLine(sessionId, state, false));
  let payload = '';
  for (let i = 0; i < count; i += 1) payload += lines[i % lines.length];
  return payload + PING_LINE;
}

/** Reads replies until the pong, counting error replies on the way. */
async function awaitPong(connection: LineConnection): Promise<{ at: bigint; errors: number }> {
  let errors = 0;
  for (;;) {
    const reply = await connection.nextLine(FINISH_TIMEOUT_MS);
    if (reply.line.includes('"type":"pong"')) return { at: reply.at, errors };
    errors += 1;
  }
}

/**
 * Counts lines at the runtime's entry point. The socket server calls
 * `runtime.handleLine` through the object, so an own property placed in front
 * of the method sees every line without changing what the daemon does.
 */
function countHandledLines(daemon: BenchDaemon): { readonly count: number; stop(): void } {
  const runtime = daemon.handle.runtime;
  const handleLine = runtime.handleLine.bind(runtime);
  const counter = {
    count: 0,
    stop: () => Reflect.deleteProperty(runtime, 'handleLine'),
  };
  runtime.handleLine = (connection, line) => {
    counter.count += 1;
    handleLine(connection, line);
  };
  return counter;
}
