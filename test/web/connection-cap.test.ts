import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_CONNECTIONS_PER_PEER } from '../../src/web/limits.js';
import { startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * One peer holding many idle TCP connections on the browser port used up the
 * daemon's file descriptors before any request deadline ran. Here a hostile
 * peer opens connections from a second loopback address (counted by address,
 * as a LAN peer is) while the admin's page, from 127.0.0.1, must still load.
 */

const HOSTILE = '127.0.0.3';
const opened: Socket[] = [];

function openIdle(port: number, localAddress: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  opened.push(socket);
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

let web: TestBridge | null = null;
afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await web?.stop();
  web = null;
});

describe('open connections per peer', () => {
  it('a peer over its limit has its newest connections closed, is logged once, and another peer still loads the page', async () => {
    const warnings: string[] = [];
    web = await startTestBridge({
      connectionPeerOf: (socket) => socket.remoteAddress ?? 'unknown',
      logger: { info: () => undefined, warn: (line) => warnings.push(line), error: () => undefined },
    });
    const extra = 8;
    const hostile = [];
    for (let i = 0; i < MAX_OPEN_CONNECTIONS_PER_PEER + extra; i++) hostile.push(await openIdle(web.port, HOSTILE));
    const closedNow = new Set<number>();
    hostile.forEach((entry, index) => void entry.closed.then(() => closedNow.add(index)));
    await waitFor(() => closedNow.size >= extra);
    // The first MAX held on; exactly the ones over the limit were closed.
    expect([...closedNow].sort((a, b) => a - b)).toEqual(Array.from({ length: extra }, (_, i) => MAX_OPEN_CONNECTIONS_PER_PEER + i));
    expect(warnings.filter((line) => line.includes(`from ${HOSTILE}`))).toHaveLength(1);
    expect(warnings[0]).toContain(`${MAX_OPEN_CONNECTIONS_PER_PEER} open connections`);

    const page = await fetch(`http://127.0.0.1:${web.port}/`);
    expect(page.status).toBe(200);

    // Once one of its connections ends (the server hears of it a moment later), the peer may open one again.
    hostile[0]!.socket.destroy();
    expect(await survivesWithin(web.port, 2_000)).toBe(true);
  });
});

/** Whether a new connection from the hostile peer stays open for 100 ms, trying until `timeoutMs`. */
async function survivesWithin(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const attempt = await openIdle(port, HOSTILE);
    const closed = await Promise.race([attempt.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100))]);
    if (!closed) return true;
  }
  return false;
}
