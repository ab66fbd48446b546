import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pacedRoundTrips } from '../../bench/agent-workloads.js';

/*
 * The agents suite's round trips in three phases: paced on the fresh server
 * (its CPU reported as the fresh figure), back to back (thrown away), then
 * the measured paced ones. A server that counts lines, and a CPU clock that
 * reads that count, show where each phase starts and ends.
 */

let dir: string;
let server: Server;
let socketPath: string;
const linesSeen: string[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pl-paced-'));
  socketPath = join(dir, 'echo.sock');
  linesSeen.length = 0;
  server = createServer((socket) => {
    let held = '';
    socket.on('data', (chunk) => {
      const lines = (held + chunk.toString('utf8')).split('\n');
      held = lines.pop()!;
      for (const line of lines) {
        linesSeen.push(line);
        socket.write('{"protocol":1,"type":"state_ack"}\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('pacedRoundTrips', () => {
  const settings = { samples: 6, warmup: 4, backToBackWarmup: 9, gapMs: 1, burstMessages: 0, burstWarmup: 0 };
  // One microsecond of "CPU" per line the server has read: a phase's figure is its own lines ÷ its count, exactly 1.
  const lineClock = () => BigInt(linesSeen.length) * 1_000n;

  it('sends the paced warm-up, the back-to-back warm-up and the measured round trips, and times only the measured', async () => {
    const figures = await pacedRoundTrips(socketPath, { name: '3 agents', identities: 3 }, settings, lineClock);
    expect(linesSeen).toHaveLength(4 + 9 + 6);
    expect(figures.latency.count).toBe(6);
    expect(figures.freshCpuUsPerMessage).toBe(1);
    expect(figures.cpuUsPerMessage).toBe(1);
    // Identities take turns across all three phases, so the measured ones continue the same sequence.
    const sessions = linesSeen.map((line) => /"session_id":"(agent-\d+)"/.exec(line)?.[1]);
    expect(sessions).toEqual(linesSeen.map((_, i) => `agent-${i % 3}`));
  });

  it('reports no fresh figure when there is no paced warm-up, and still measures', async () => {
    const figures = await pacedRoundTrips(socketPath, { name: '1 agent', identities: 1 }, { ...settings, warmup: 0 }, lineClock);
    expect(linesSeen).toHaveLength(9 + 6);
    expect(figures.freshCpuUsPerMessage).toBeNull();
    expect(figures.cpuUsPerMessage).toBe(1);
  });
});
