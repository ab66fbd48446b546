import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeSurfaceView } from '../../src/domain/index.js';
import { decideAdmission, type Admissible } from '../../src/web/server/admission.js';
import { MAX_BUFFERED_OUTBOUND_BYTES } from '../../src/web/limits.js';
import { loopbackOwnerLookup } from '../../src/web/server/loopback-owner.js';
import { ADMIN_TOKEN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';

/**
 * The browser pad's edges (issues #21.3 and #22.2): unauthenticated
 * connections cannot lock the admin out, slow requests are cut at 10 s, and a
 * browser that stops reading is closed with a logged reason. These tests use
 * `ws` directly (no schema check), so they need nothing outside the project.
 */

interface Received {
  readonly socket: WebSocket;
  readonly messages: Record<string, unknown>[];
  readonly closed: Promise<{ code: number }>;
}

function openBrowser(port: number, peer?: string): Promise<Received> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
    origin: `http://127.0.0.1:${port}`,
    headers: peer === undefined ? {} : { 'X-Test-Peer': peer },
  });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code: number) => resolve({ code })));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', () => reject(new Error('upgrade refused')));
  });
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function authenticate(client: Received): Promise<Record<string, unknown>> {
  const before = client.messages.length;
  client.socket.send(JSON.stringify({ protocol: 1, type: 'authenticate', credential: ADMIN_TOKEN }));
  await until(() => client.messages.length > before || client.socket.readyState !== WebSocket.OPEN);
  return client.messages[before] ?? { type: 'closed' };
}

async function withBridge(options: Parameters<typeof startTestBridge>[0], run: (web: TestBridge) => Promise<void>): Promise<void> {
  const web = await startTestBridge(options);
  try {
    await run(web);
  } finally {
    await web.stop();
  }
}

const client = (peerKey: string, remote = false): Admissible & { name: string } => ({ peerKey, remote, name: `${peerKey}#${Math.random()}` });
const many = (count: number, peerKey: (i: number) => string, remote = false) => Array.from({ length: count }, (_, i) => client(peerKey(i), remote));

/** Loopback connections that send `X-Test-Owner: N` count as user N's; the rest as root's, like the admin's browser. */
const OWNERS = { loopbackOwnerOf: (request: { headers: Record<string, unknown> }) => Number(request.headers['x-test-owner'] ?? 0) };

describe('browser pad admission', () => {
  it('a peer crowds out only itself: it displaces its own oldest pending connection, never another peer with fewer', () => {
    const admin = client('uid 0');
    const squatters = many(4, () => 'uid 1000');
    // A fifth connection of one peer displaces that peer's oldest.
    const fifth = client('uid 1000');
    expect(decideAdmission(fifth, squatters, { total: 0, remote: 0 })).toEqual({ admitted: true, displaced: [squatters[0]] });
    // A full pool: the admin displaces the squatter holding the most.
    expect(decideAdmission(admin, squatters, { total: 12, remote: 0 })).toEqual({ admitted: true, displaced: [squatters[0]] });
    // The squatter reconnecting beside the waiting admin displaces its own, not the admin's.
    const waiting = [squatters[1]!, squatters[2]!, squatters[3]!, admin];
    expect(decideAdmission(fifth, waiting, { total: 12, remote: 0 })).toEqual({ admitted: true, displaced: [squatters[1]] });
    // With one slot left and the admin in it, another user is refused rather than displacing it.
    expect(decideAdmission(fifth, [admin], { total: 15, remote: 0 })).toEqual({ admitted: false });
  });

  it('authenticated connections are a hard limit; remote peers share the 8 remote places the same way', () => {
    expect(decideAdmission(client('uid 0'), [], { total: 16, remote: 0 })).toEqual({ admitted: false });
    expect(decideAdmission(client('192.168.1.5', true), [], { total: 8, remote: 8 })).toEqual({ admitted: false });
    const phones = many(8, (i) => `192.168.1.${i + 1}`, true);
    expect(decideAdmission(client('192.168.1.99', true), phones, { total: 0, remote: 0 })).toEqual({ admitted: false });
    const flood = many(4, () => '192.168.1.66', true);
    const others = many(4, (i) => `192.168.1.${i + 1}`, true);
    expect(decideAdmission(client('192.168.1.99', true), [...flood, ...others], { total: 0, remote: 0 })).toEqual({ admitted: true, displaced: [flood[0]] });
  });

  it('sixteen unauthenticated WebSockets do not lock the admin out', async () => {
    await withBridge({}, async (web) => {
      const squatters = await Promise.all(Array.from({ length: 16 }, () => openBrowser(web.port)));
      const admin = await openBrowser(web.port);
      expect(await authenticate(admin)).toMatchObject({ type: 'authenticated', admin: true });
      // The displaced squatters were told why; no more than four of them still wait.
      await until(() => squatters.filter((s) => s.socket.readyState === WebSocket.OPEN).length <= 4);
      const told = squatters.filter((s) => s.messages.some((m) => m['code'] === 'connection_limit'));
      expect(told.length).toBeGreaterThanOrEqual(12);
      for (const s of squatters) s.socket.terminate();
      admin.socket.close();
    });
  });

  it("another user's sockets, reopened as soon as they close, from many addresses, never keep the admin out", async () => {
    await withBridge(OWNERS, async (web) => {
      let stop = false;
      let reopened = 0;
      const open: WebSocket[] = [];
      const squat = (address: string) => {
        if (stop) return;
        const socket = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, {
          origin: `http://127.0.0.1:${web.port}`,
          headers: { 'X-Test-Owner': '1000', 'X-Test-Peer': address },
        });
        open.push(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          reopened += 1;
          setImmediate(() => squat(address));
        });
      };
      for (let i = 0; i < 16; i += 1) squat(`127.0.0.${i + 2}`);
      await until(() => reopened >= 12);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const admin = await openBrowser(web.port);
        expect(await authenticate(admin)).toMatchObject({ type: 'authenticated', admin: true });
        admin.socket.close();
        await admin.closed;
      }
      stop = true;
      for (const socket of open) socket.terminate();
    });
  }, 30_000);
});

describe('the owner of a loopback connection', () => {
  it('is the user running the client end, as the kernel reports it (Linux), and unknown for a connection that does not exist', async () => {
    const lookup = loopbackOwnerLookup();
    if (process.platform !== 'linux') {
      expect(lookup).toBeNull();
      return;
    }
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const outgoing = connect((server.address() as { port: number }).port, '127.0.0.1');
    const socket = await accepted;
    try {
      expect(lookup!(socket)).toBe(process.getuid!());
      expect(
        lookup!({ remoteAddress: '127.0.0.1', remotePort: socket.remotePort! === 1 ? 2 : 1, localAddress: '127.0.0.1', localPort: socket.localPort }),
      ).toBeNull();
      expect(lookup!({ remoteAddress: '::1', remotePort: 1, localAddress: '::1', localPort: 2 })).toBeNull();
    } finally {
      outgoing.destroy();
      socket.destroy();
      server.close();
    }
  });
});

describe('browser pad HTTP deadline', () => {
  /** A raw TCP client; resolves with how long the server kept it open. */
  function hold(port: number, behave: (socket: Socket) => void): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => behave(socket));
      socket.on('error', () => undefined);
      socket.on('data', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
    });
  }

  it('closes a request dripping its headers, and a connection that sends nothing, 10 s after they began', async () => {
    await withBridge({}, async (web) => {
      let drip: NodeJS.Timeout | undefined;
      const [slowloris, silent] = await Promise.all([
        hold(web.port, (socket) => {
          socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${web.port}\r\n`);
          drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1_000);
          socket.on('close', () => clearInterval(drip));
        }),
        hold(web.port, () => undefined),
      ]);
      for (const held of [slowloris, silent]) {
        expect(held).toBeGreaterThanOrEqual(9_500);
        expect(held).toBeLessThan(15_000);
      }
    });
  }, 30_000);
});

describe('browser pad output budget', () => {
  it('closes a browser that stops reading once 1 MiB waits for it, says why in the log, and keeps serving the others', async () => {
    const warnings: string[] = [];
    const logger = { info: () => undefined, warn: (line: string) => warnings.push(line), error: () => undefined };
    await withBridge({ logger }, async (web) => {
      const stuck = await openBrowser(web.port);
      const reader = await openBrowser(web.port);
      for (const browser of [stuck, reader]) expect(await authenticate(browser)).toMatchObject({ type: 'authenticated' });
      // The stuck tab stops reading: the kernel buffers fill, then the bridge's queue.
      (stuck.socket as unknown as { _socket: Socket })._socket.pause();
      const label = 'x'.repeat(80);
      const sessions = Array.from({ length: 8 }, (_, slot) => ({
        slot,
        state: 'running' as const,
        selected: slot === 0,
        accent: 'cyan',
        label: `${label}${slot}`,
      }));
      let frame = 0;
      while (warnings.length === 0 && frame < 20_000) {
        web.bridge.surface.render(makeSurfaceView({ selectedState: 'running', frame, sessions }));
        frame += 1;
        if (frame % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        new RegExp(`^web: closed a browser at 127\\.0\\.0\\.1 that stopped reading: more than ${MAX_BUFFERED_OUTBOUND_BYTES} bytes waited for it$`),
      );
      // Reading again, the tab finds its connection ended.
      (stuck.socket as unknown as { _socket: Socket })._socket.resume();
      await stuck.closed;
      const seen = reader.messages.length;
      web.bridge.surface.render(makeSurfaceView({ selectedState: 'success', frame: frame + 1, sessions }));
      await until(() => reader.messages.length > seen);
      reader.socket.close();
    });
  }, 30_000);
});
