import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LatencyRecorder, type LatencySummary } from './latency.js';
import { LineConnection } from './line-client.js';

const REPLY_TIMEOUT_MS = 5_000;

/**
 * The same round trip as the end-to-end suite — same process, same pacing,
 * one line out and one back — against a server that only echoes "ok". What
 * the daemon adds is the end-to-end figure minus this one; on a busy or
 * virtual machine this floor alone can take much of a latency budget.
 */
export async function measureSocketFloor(samples: number, warmup: number, gapMs: number): Promise<LatencySummary> {
  const dir = mkdtempSync(join(tmpdir(), 'plf-'));
  const path = join(dir, 'e.sock');
  const server = createServer((socket) => socket.on('data', () => socket.write('{"ok":true}\n')));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
    const connection = await LineConnection.connect(path);
    const recorder = new LatencyRecorder();
    try {
      for (let i = 0; i < warmup + samples; i += 1) {
        const replied = connection.nextLine(REPLY_TIMEOUT_MS);
        const writtenAt = performance.now();
        connection.write('{"protocol":1,"type":"ping"}\n');
        const reply = await replied;
        if (i >= warmup) recorder.recordMs(reply.at - writtenAt);
        await sleep(Math.random() * gapMs);
      }
    } finally {
      connection.close();
    }
    return recorder.summary();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}
