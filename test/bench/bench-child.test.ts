import { afterEach, describe, expect, it } from 'vitest';
import { BenchChild } from '../../bench/bench-child.js';
import { stateLine } from '../../bench/bench-daemon.js';
import { frameLatencies } from '../../bench/frame-log.js';
import { monotonicNs } from '../../bench/latency.js';
import { LineConnection } from '../../bench/line-client.js';
import { SOCKET_SUITE_PROFILE } from '../../bench/index.js';

/* The bench's child process runs from the build (dist/bench/child-main.js): `npm run build` first. */

const started: BenchChild[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) await child.stop();
});

async function start(...role: Parameters<typeof BenchChild.start>): Promise<BenchChild> {
  const child = await BenchChild.start(...role);
  started.push(child);
  return child;
}

describe('BenchChild', () => {
  it('a daemon child acknowledges a state and reports the frame it caused, stamped after the write on the shared clock', async () => {
    const daemon = await start(['daemon', SOCKET_SUITE_PROFILE]);
    const connection = await LineConnection.connect(daemon.socketPath);
    try {
      const replied = connection.nextLine(5_000);
      const writtenAt = monotonicNs();
      connection.write(stateLine('bench-child-test', 'running', true));
      const reply = await replied;
      expect(reply.line).toContain('"type":"state_ack"');
      expect(reply.at).toBeGreaterThan(writtenAt);
    } finally {
      connection.close();
    }
    // The frame may end just after the ack has gone out: ask until it is there.
    let frames = await daemon.frames();
    for (let tries = 0; tries < 50 && !frames.some((frame) => frame.revision > daemon.revision); tries += 1) frames = await daemon.frames();
    const shown = frames.filter((frame) => frame.revision > daemon.revision);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.revision).toBe(daemon.revision + 1);
  });

  it('matches writes to frames across the process boundary', async () => {
    const daemon = await start(['daemon', SOCKET_SUITE_PROFILE]);
    const connection = await LineConnection.connect(daemon.socketPath);
    const writes: bigint[] = [];
    try {
      for (const state of ['running', 'waiting_for_reply', 'running']) {
        const replied = connection.nextLine(5_000);
        writes.push(monotonicNs());
        connection.write(stateLine('bench-child-test', state, true));
        await replied;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      connection.close();
    }
    const latencies = frameLatencies(writes, daemon.revision, await daemon.frames());
    expect(latencies).toHaveLength(3);
    for (const latency of latencies) expect(latency).toBeGreaterThan(0n);
  });

  it('an echo child answers each line', async () => {
    const echo = await start(['echo']);
    const connection = await LineConnection.connect(echo.socketPath);
    try {
      const replied = connection.nextLine(5_000);
      connection.write('{"protocol":1,"type":"ping"}\n');
      expect((await replied).line).toBe('{"ok":true}');
    } finally {
      connection.close();
    }
  });

  it('a child that cannot start says why', async () => {
    await expect(BenchChild.start(['daemon', 'no/such/profile'])).rejects.toThrow('no built-in profile no/such/profile');
  });
});
