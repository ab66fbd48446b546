import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LatencyRecorder, monotonicNs, type LatencySummary } from './latency.js';
import { LineConnection } from './line-client.js';

const REPLY_TIMEOUT_MS = 5_000;

/** A Unix socket server that answers every chunk it reads with one short line: a round trip with no daemon behind it. */
export interface EchoServer {
  readonly socketPath: string;
  stop(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'plf-'));
  const socketPath = join(dir, 'e.sock');
  const server = createServer((socket) => socket.on('data', () => socket.write('{"ok":true}\n')));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    socketPath,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The same round trip as the end-to-end suite — same pacing, one line out
 * and one back — against an echo server. What the daemon adds is the
 * end-to-end figure minus this one; on a busy or virtual machine this floor
 * alone can take much of a latency budget.
 */
export async function measureSocketFloor(socketPath: string, samples: number, warmup: number, gapMs: number): Promise<LatencySummary> {
  const connection = await LineConnection.connect(socketPath);
  const recorder = new LatencyRecorder();
  try {
    for (let i = 0; i < warmup + samples; i += 1) {
      const replied = connection.nextLine(REPLY_TIMEOUT_MS);
      const writtenAt = monotonicNs();
      connection.write('{"protocol":1,"type":"ping"}\n');
      const reply = await replied;
      if (i >= warmup) recorder.recordNs(reply.at - writtenAt);
      await sleep(Math.random() * gapMs);
    }
  } finally {
    connection.close();
  }
  return recorder.summary();
}
