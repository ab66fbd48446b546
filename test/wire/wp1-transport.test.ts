import { createServer } from 'node:net';
import { linkSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { actionPressed } from '../../src/domain/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { SocketStartupError, type PeerCredentialSource } from '../../src/daemon/socket/index.js';
import { UNAVAILABLE_PEER_CREDENTIALS } from '../../src/unix-socket/peer-credentials.js';
import { RecordingSurface } from '../daemon/helpers/fakes.js';
import { makeSocketDir, startTestDaemon, type TestDaemon } from '../daemon/helpers/test-daemon.js';
import { schemaErrors } from '../daemon/helpers/schema.js';
import { WireClient, eventually } from '../daemon/helpers/wire-client.js';
import { hubOf } from '../helpers/hub.js';

const PONG = '{"protocol":1,"type":"pong"}';
type Json = Record<string, unknown>;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fresh(options: Parameters<typeof startTestDaemon>[0] = {}): Promise<TestDaemon> {
  const daemon = await startTestDaemon(options);
  cleanups.push(() => daemon.stop());
  return daemon;
}

function tempDir() {
  const dir = makeSocketDir();
  cleanups.push(dir.remove);
  return dir;
}

async function pings(path: string): Promise<boolean> {
  const client = await WireClient.connect(path);
  client.send({ protocol: 1, type: 'ping' });
  const line = await client.nextLine();
  client.destroy();
  return line === PONG;
}

/** A socket file nobody listens on: a hard link survives the listener closing (which unlinks the original). */
async function makeStaleSocket(path: string): Promise<void> {
  const server = createServer();
  const original = `${path}.orig`;
  await new Promise<void>((resolve) => server.listen(original, resolve));
  linkSync(original, path);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function startupError(path: string): Promise<SocketStartupError> {
  const surface = new RecordingSurface(4);
  const error = await startDaemon({ socketPath: path, surfaces: hubOf([surface]) }).then(
    (handle) => {
      cleanups.push(() => handle.close());
      throw new Error('daemon started unexpectedly');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(SocketStartupError);
  expect(surface.closed).toBe(true);
  return error as SocketStartupError;
}

describe('wire-protocol-1.md §12', () => {
  it('scenario 40: the socket file has mode 0600', async () => {
    const daemon = await fresh();
    const stats = statSync(daemon.path);
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o600);
  });

  it('scenario 41: a regular file or a symlink to a socket at the path is refused and left alone', async () => {
    const { dir, path } = tempDir();
    writeFileSync(path, 'keep me');
    const error = await startupError(path);
    expect(error.code).toBe('EEXIST');
    expect(error.message).toContain('socket path exists and is not a Unix socket');
    expect(readFileSync(path, 'utf8')).toBe('keep me');

    const live = await fresh();
    const link = join(dir, 'link.sock');
    symlinkSync(live.path, link);
    expect((await startupError(link)).code).toBe('EEXIST');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(await pings(live.path)).toBe(true);
  });

  it('scenario 42: a stale socket file is replaced', async () => {
    const { path } = tempDir();
    await makeStaleSocket(path);
    expect(lstatSync(path).isSocket()).toBe(true);
    await expect(WireClient.connect(path)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const handle = await startDaemon({ socketPath: path, surfaces: hubOf([new RecordingSurface(4)]) });
    cleanups.push(() => handle.close());
    expect(await pings(path)).toBe(true);
  });

  it('scenario 43: a second daemon on a live path is refused; the first keeps its socket', async () => {
    const first = await fresh();
    const inode = lstatSync(first.path).ino;
    const error = await startupError(first.path);
    expect(error.code).toBe('EADDRINUSE');
    expect(error.message).toContain('another Pad-Lattice daemon is already running');
    expect(lstatSync(first.path).ino).toBe(inode);
    expect(await pings(first.path)).toBe(true);
  });

  it('scenario 44: orderly shutdown removes the socket file and closes the surfaces', async () => {
    const daemon = await startTestDaemon();
    const client = await daemon.connect();
    await daemon.handle.close();
    await client.closed;
    expect(existsSync(daemon.path)).toBe(false);
    expect(daemon.surface.closed).toBe(true);
    await daemon.handle.close(); // idempotent
    await daemon.stop();
  });

  it('scenario 45: a peer with another uid is closed with zero bytes; the same uid is accepted', async () => {
    let peerUid: number | null = process.geteuid!() + 1;
    const source: PeerCredentialSource = { available: true, description: 'test hook', peerUid: () => peerUid };
    const daemon = await fresh({ peerCredentials: source });
    expect(daemon.handle.peerCredentialCheck).toBe(true);
    const stranger = await daemon.connect();
    stranger.send({ protocol: 1, type: 'ping' });
    await stranger.closed;
    expect(stranger.receivedBytes).toBe(0);
    peerUid = null; // unreadable credentials count as a mismatch
    const unknown = await daemon.connect();
    await unknown.closed;
    expect(unknown.receivedBytes).toBe(0);
    peerUid = process.geteuid!();
    expect(await pings(daemon.path)).toBe(true);
  });

  it('scenario 45: without peer credentials every local connection is accepted and the daemon says so', async () => {
    const daemon = await fresh({ peerCredentials: UNAVAILABLE_PEER_CREDENTIALS });
    expect(daemon.handle.peerCredentialCheck).toBe(false);
    expect(await pings(daemon.path)).toBe(true);
  });

  it('scenario 46: every reference crash input of §10 is answered and the daemon keeps running', async () => {
    const { dir } = tempDir();
    const daemon = await fresh({ identityStorePath: join(dir, 'identities.json') });
    const client = await daemon.connect();
    const expectError = async (line: string, text?: string) => {
      client.write(`${line}\n`);
      const reply = await client.nextMessage();
      expect(schemaErrors(reply)).toBeNull();
      expect(reply['code']).toBe('invalid_message');
      if (text !== undefined) expect(reply['error']).toBe(text);
    };
    await expectError('{"protocol":1,"type":"session_lease"}', 'lease_id must be a non-empty string');
    await expectError('{"protocol":1,"type":"session_lease","lease_id":null}', 'lease_id must be a non-empty string');
    for (const type of ['preview', 'preview_end']) {
      await expectError(`{"protocol":1,"type":"${type}"}`, 'preview_id must be a non-empty string');
      await expectError(`{"protocol":1,"type":"${type}","preview_id":null}`, 'preview_id must be a non-empty string');
    }
    const depth = 20_000;
    await expectError(`{"protocol":1,"type":"ping","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`, 'unknown field: deep');
    await expectError(`{"protocol":1,"type":"preview","preview_id":"p","state":"error","ttl":${'9'.repeat(5000)}}`);
    await expectError(
      `{"protocol":1,"type":"preview","preview_id":"p","state":"error","ttl":1${'0'.repeat(400)}}`,
      'ttl must be greater than zero and at most 30',
    );
    // A lone surrogate in an identity, with the accent store enabled: accepted and hashed with U+FFFD.
    client.write('{"protocol":1,"type":"state","state":"running","agent":{"backend":"\\ud800","session_id":"s"},"reply":true}\n');
    const ack = await client.nextLine();
    expect(ack).toContain('"backend":"\\ud800"');
    client.send({ protocol: 1, type: 'ping' });
    expect(await client.nextLine()).toBe(PONG);
    // The store is written behind the messages; shutting down writes it.
    await daemon.handle.close();
    expect(readFileSync(join(dir, 'identities.json'), 'utf8')).toContain('"accent": "cyan"');
  });

  it('scenario 46: an action or reply that would exceed the outbound cap is dropped or replaced', async () => {
    const daemon = await fresh();
    // 11,000 × "é": 22 KB inbound, 66 KB once escaped as \u00e9.
    const big = { backend: 'codex', session_id: 'é'.repeat(11_000) };
    const reporter = await daemon.connect();
    reporter.send({ protocol: 1, type: 'state', state: 'running', agent: big, reply: true });
    expect(JSON.parse(await reporter.nextLine())).toMatchObject({ type: 'error', code: 'frame_too_large' });
    const subscriber = await daemon.connect();
    subscriber.send({ protocol: 1, type: 'subscribe_actions', agent: big, actions: ['stop'] });
    subscriber.send({ protocol: 1, type: 'ping' });
    expect(await subscriber.nextLine()).toBe(PONG);
    const rendered = daemon.surface.views.length;
    daemon.surface.press(actionPressed('stop'));
    // The dispatch bumps the revision, so a render follows in the same loop iteration.
    await eventually(() => daemon.surface.views.length > rendered, 5000, 'render after the dispatch');
    subscriber.send({ protocol: 1, type: 'ping' });
    expect(await subscriber.nextLine()).toBe(PONG);
    expect(await pings(daemon.path)).toBe(true);
  });

  it('scenario 47: a peer closing with unread replies (reset) is an ordinary disconnect', async () => {
    const daemon = await fresh();
    const quitter = await daemon.connect();
    quitter.socket.pause(); // leave replies unread in the kernel queue
    quitter.send({ protocol: 1, type: 'status' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    quitter.destroy();
    expect(await pings(daemon.path)).toBe(true);

    const owner = await daemon.connect();
    owner.send({ protocol: 1, type: 'session_lease', lease_id: 'L', agent: { backend: 'x', session_id: 'y' } });
    expect(JSON.parse(await owner.nextLine())).toMatchObject({ type: 'session_lease_ack' });
    owner.socket.pause();
    const sender = await daemon.connect();
    sender.send({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'x', session_id: 'y' }, lease_id: 'L', reply: true });
    expect(JSON.parse(await sender.nextLine())).toMatchObject({ type: 'state_ack', leased: true });
    owner.destroy();
    await eventually(
      async () => {
        const status = await daemon.request({ protocol: 1, type: 'status' });
        return (status['sessions'] as Json[]).length === 0;
      },
      5000,
      'lease released',
    );
    expect(await pings(daemon.path)).toBe(true);
  });
});
