import { createConnection, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SocketServer, type Connection } from '../../src/daemon/socket/index.js';
import type { OutputLimits } from '../../src/daemon/socket/output-budget.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { eventually } from './helpers/wire-client.js';

/*
 * Issue 22.2: a client that sends requests and never reads the replies must
 * not make the daemon queue them without bound. These tests drive the socket
 * server with small limits and a handler that answers every line with one
 * 10 KiB reply, so a budget of 64 KiB holds about six replies.
 */
const REPLY = `${'r'.repeat(10 * 1024 - 1)}\n`;
const LIMITS: OutputLimits = { budgetBytes: 64 * 1024, hardLimitBytes: 256 * 1024, stuckMs: 400 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(limits: OutputLimits = LIMITS) {
  const { path, remove } = makeSocketDir();
  const handled: string[] = [];
  const closed: number[] = [];
  const warnings: string[] = [];
  const connections: Connection[] = [];
  const server = new SocketServer({
    path,
    outputLimits: limits,
    handler: {
      onLine: (connection, line) => {
        handled.push(line.toString());
        if (!connections.includes(connection)) connections.push(connection);
        connection.send(REPLY);
      },
      onClose: (connection) => void closed.push(connection.id),
    },
    onClientWarning: (message) => void warnings.push(message),
  });
  await server.listen();
  cleanups.push(remove, () => server.close());
  return { path, server, handled, closed, warnings, connections };
}

/** A client whose receive side starts paused: it reads nothing until told to. */
async function nonReader(path: string): Promise<Socket> {
  const socket = createConnection(path);
  socket.pause();
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  cleanups.push(() => socket.destroy());
  return socket;
}

const requests = (count: number) => Array.from({ length: count }, (_, i) => `req-${i}\n`).join('');

describe('per-client output budget (issue 22.2)', () => {
  it('stops reading a client whose replies pile up, and serves every request in order once it reads', async () => {
    const { path, handled } = await serve({ ...LIMITS, stuckMs: 60_000 });
    const client = await nonReader(path);
    client.write(requests(1000));
    // The kernel takes some replies (a socket buffer of a few hundred KiB), the budget a few more: far from 1000.
    await eventually(() => handled.length > 0, 5000, 'first request handled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whileStuck = handled.length;
    expect(whileStuck).toBeLessThan(200);

    let received = '';
    client.setEncoding('latin1');
    client.on('data', (chunk: string) => (received += chunk));
    client.resume();
    await eventually(() => received.length === 1000 * REPLY.length, 20_000, 'all 1000 replies');
    expect(handled).toEqual(Array.from({ length: 1000 }, (_, i) => `req-${i}`));
  });

  it('disconnects a client that stays stuck, with one logged reason, and keeps serving others', async () => {
    const { path, closed, warnings } = await serve();
    const stuck = await nonReader(path);
    stuck.write(requests(1000));
    await eventually(() => closed.length === 1, 10_000, 'stuck client closed');
    expect(warnings).toEqual([`client ${closed[0]} disconnected: it left more than 64 KiB of replies unread for 0.4 s`]);

    const reader = createConnection(path);
    cleanups.push(() => reader.destroy());
    reader.write('hello\n');
    const reply = await new Promise<string>((resolve) => {
      let text = '';
      reader.setEncoding('latin1').on('data', (chunk: string) => {
        text += chunk;
        if (text.endsWith('\n')) resolve(text);
      });
    });
    expect(reply).toBe(REPLY);
  });

  it('disconnects at once a client whose unread output passes the hard limit', async () => {
    const { path, connections, closed, warnings } = await serve({ ...LIMITS, stuckMs: 60_000 });
    const client = await nonReader(path);
    client.write('one\n');
    await eventually(() => connections.length === 1, 5000, 'connection seen');
    // Notifications caused by other clients keep coming while this one reads nothing.
    for (let i = 0; i < 200 && closed.length === 0; i++) {
      connections[0]!.send(REPLY);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(closed).toHaveLength(1);
    expect(warnings[0]).toMatch(/more than 256 KiB of its replies are unread/);
  });
});
