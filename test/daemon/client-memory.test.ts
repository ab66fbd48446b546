import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSocketDir } from './helpers/test-daemon.js';
import { answersPing, spawnCliDaemon } from './helpers/spawned.js';
import { WireClient, eventually } from './helpers/wire-client.js';

/*
 * Issue 22.2 end to end: with 200 sessions a `status` reply is about 56 KB;
 * a client that asks 4,000 times and never reads once took a daemon from
 * about 100 MB to 350 MB, for good. Now the daemon stops reading that client
 * at its 1 MiB output budget, disconnects it after 10 s with a log line,
 * and serves everyone else meanwhile.
 */
const SESSIONS = 200;
const STATUS_REQUESTS = 4000;
/** Old code: +250 MB. The budget allows 1 MiB of queued output, plus what the kernel holds; 64 MB leaves room for the heap's own growth. */
const GROWTH_BOUND_MB = 64;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

describe('a client that never reads its replies (issue 22.2)', () => {
  it('costs the daemon bounded memory, is disconnected with a logged reason, and others are served meanwhile', async () => {
    const { dir, path, remove } = makeSocketDir();
    const daemon = spawnCliDaemon(path, dir);
    cleanups.push(() => {
      daemon.child.kill('SIGKILL');
      remove();
    });
    await eventually(() => answersPing(path), 15_000, 'daemon answering');

    const agents = await WireClient.connect(path);
    cleanups.push(() => agents.destroy());
    for (let i = 0; i < SESSIONS; i++) {
      agents.send({
        protocol: 1,
        type: 'state',
        state: 'running',
        reply: true,
        agent: { backend: 'codex', session_id: `s-${i}`, label: `${'L'.repeat(60)}${i}` },
      });
      await agents.nextLine();
    }
    const before = agents.receivedBytes;
    await agents.request({ protocol: 1, type: 'status' });
    expect(agents.receivedBytes - before).toBeGreaterThan(40_000);
    const pid = daemon.child.pid!;
    const baseline = rssMb(pid);

    const hog = createConnection(path);
    hog.pause();
    hog.on('error', () => undefined);
    cleanups.push(() => hog.destroy());
    await new Promise((resolve) => hog.once('connect', resolve));
    hog.write('{"protocol":1,"type":"status"}\n'.repeat(STATUS_REQUESTS));

    let peak = baseline;
    let pings = 0;
    while (!daemon.stderr().includes('disconnected')) {
      // A well-behaved client beside it: every ping answered within the wire client's bound.
      const neighbour = await WireClient.connect(path);
      expect((await neighbour.request({ protocol: 1, type: 'ping' }))['type']).toBe('pong');
      neighbour.destroy();
      pings++;
      peak = Math.max(peak, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (pings > 200 || peak - baseline > GROWTH_BOUND_MB) break;
    }
    expect(daemon.stderr()).toMatch(/client \d+ disconnected: it left more than 1 MiB of replies unread for 10 s/);
    expect(peak - baseline).toBeLessThan(GROWTH_BOUND_MB);
    expect(await answersPing(path)).toBe(true);
  }, 90_000);
});
