import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DaemonDisconnectedError, DaemonProtocolError, DaemonTimeoutError, DaemonUnavailableError, PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { FakeDaemon, removeTempSocketDirs, tempSocketPath, type FakeHandler } from './fake-daemon.js';

const STATE_ACK =
  '{"protocol":1,"type":"state_ack","backend":"codex","session_id":"s1","state":"running","slot":0,"scene":1,"accent":"cyan","selected":true,"leased":false,"label":"proj"}\n';
const STATUS =
  '{"protocol":1,"type":"status","profile":"virtual/browser","visual_protocol":1,"input":"Browser controls","output":"Browser display","surfaces":[{"kind":"web","profile":"virtual/browser","visual_protocol":1,"input":"Browser controls","output":"Browser display"}],"selected":{"backend":"codex","session_id":"s1"},"overflow_count":0,"activity_motion":false,"audio_feedback":false,"experience":null,"preview_active":false,"session_ttl":86400.0,"sessions":[{"backend":"codex","session_id":"s1","state":"waiting_for_approval","slot":0,"accent":"cyan","selected":true,"leased":false,"label":"pad-lattice","metadata":{"cwd":"/home/dev/pad-lattice"}}]}\n';

let fake: FakeDaemon | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
  removeTempSocketDirs();
});

async function startFake(handler?: FakeHandler) {
  fake = await FakeDaemon.start(handler);
  return { fake, client: new PadLatticeClient({ socketPath: fake.socketPath, timeoutMs: 500 }) };
}

describe('client without a daemon', () => {
  it('raises DaemonUnavailableError when the socket file is missing', async () => {
    const client = new PadLatticeClient({ socketPath: tempSocketPath() });
    const failure = await client.ping().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DaemonUnavailableError);
    expect((failure as DaemonUnavailableError).errno).toBe('ENOENT');
    expect((failure as Error).message).toContain('no Pad-Lattice daemon is running');
  });

  it('raises DaemonUnavailableError when the path is not a listening socket', async () => {
    const path = tempSocketPath();
    writeFileSync(path, 'not a socket');
    const client = new PadLatticeClient({ socketPath: path });
    await expect(client.reportState('running')).rejects.toBeInstanceOf(DaemonUnavailableError);
    await expect(client.status()).rejects.toBeInstanceOf(DaemonUnavailableError);
    await expect(client.subscribeActions()).rejects.toBeInstanceOf(DaemonUnavailableError);
    await expect(client.sessionLease()).rejects.toBeInstanceOf(DaemonUnavailableError);
  });

  it('resolves the default socket path from PAD_LATTICE_SOCKET', () => {
    const client = new PadLatticeClient({ env: { PAD_LATTICE_SOCKET: '/run/x/pl.sock' } });
    expect(client.socketPath).toBe('/run/x/pl.sock');
  });
});

describe('request/reply calls', () => {
  it('ping sends the exact ping line and accepts pong', async () => {
    const { fake, client } = await startFake((message) => (message['type'] === 'ping' ? '{"protocol":1,"type":"pong"}\n' : undefined));
    await client.ping();
    expect(fake.connections[0]?.rawLines).toEqual(['{"protocol":1,"type":"ping"}']);
  });

  it('status decodes the reply into typed camelCase values', async () => {
    const { client } = await startFake(() => STATUS);
    const status = await client.status();
    expect(status.profile).toBe('virtual/browser');
    expect(status.selected).toEqual(makeIdentity('codex', 's1'));
    expect(status.sessionTtl).toBe(86400);
    expect(status.sessions[0]?.metadata).toEqual({ cwd: '/home/dev/pad-lattice' });
    expect(status.surfaces[0]?.kind).toBe('web');
  });

  it('reportState with reply returns the session of the state_ack', async () => {
    const { fake, client } = await startFake(() => STATE_ACK);
    const session = await client.reportState('running', {
      agent: makeIdentity('codex', 's1'),
      metadata: { cwd: '/home/dev/proj/' },
      reply: true,
    });
    expect(session).toEqual({
      identity: makeIdentity('codex', 's1'),
      state: 'running',
      slot: 0,
      accent: 'cyan',
      selected: true,
      leased: false,
      label: 'proj',
    });
    expect(fake.connections[0]?.received).toEqual([
      { protocol: 1, type: 'state', state: 'running', agent: { cwd: '/home/dev/proj/', backend: 'codex', session_id: 's1' }, reply: true },
    ]);
  });

  it('surfaces an error reply with its code', async () => {
    const { client } = await startFake(() => '{"protocol":1,"type":"error","code":"invalid_message","error":"unknown field: alpha"}\n');
    const failure = await client.status().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DaemonProtocolError);
    expect((failure as DaemonProtocolError).code).toBe('invalid_message');
    expect((failure as Error).message).toBe('unknown field: alpha');
  });

  it('rejects a reply of the wrong type as unexpected_message_type', async () => {
    const { client } = await startFake(() => '{"protocol":1,"type":"pong"}\n');
    await expect(client.status()).rejects.toMatchObject({ code: 'unexpected_message_type' });
  });

  it('rejects a reply line that is not protocol 1', async () => {
    const { client } = await startFake(() => '{"type":"pong"}\n');
    await expect(client.ping()).rejects.toMatchObject({ code: 'unsupported_protocol' });
  });

  it('times out a read when the daemon stays silent', async () => {
    const { fake } = await startFake(() => undefined);
    const client = new PadLatticeClient({ socketPath: fake.socketPath, timeoutMs: 40 });
    const failure = await client.ping().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DaemonTimeoutError);
    expect((failure as DaemonTimeoutError).step).toBe('read');
  });

  it('refuses an unterminated reply beyond the 64 KiB cap', async () => {
    const { client } = await startFake(() => 'x'.repeat(70_000));
    await expect(client.ping()).rejects.toMatchObject({ code: 'frame_too_large' });
  });

  it('reports a daemon that closes without answering as disconnected', async () => {
    const { client } = await startFake((_message, connection) => {
      connection.socket.end();
    });
    await expect(client.status()).rejects.toBeInstanceOf(DaemonDisconnectedError);
  });
});

describe('fire-and-forget calls', () => {
  it('reportState without reply writes one line with the default identity and returns null', async () => {
    const { fake, client } = await startFake();
    expect(await client.reportState('waiting_for_reply')).toBeNull();
    expect(fake.connections[0]?.rawLines).toEqual([
      '{"protocol":1,"type":"state","state":"waiting_for_reply","agent":{"backend":"local","session_id":"default"}}',
    ]);
  });

  it('carries a lease id and escapes non-ASCII like the reference', async () => {
    const { fake, client } = await startFake();
    await client.reportState('running', { agent: makeIdentity('codex', 'é'), leaseId: 'L1' });
    expect(fake.connections[0]?.rawLines).toEqual([
      '{"protocol":1,"type":"state","state":"running","agent":{"backend":"codex","session_id":"\\u00e9"},"lease_id":"L1"}',
    ]);
  });

  it('endSession sends session_end for the identity', async () => {
    const { fake, client } = await startFake();
    await client.endSession(makeIdentity('codex', 's1'));
    expect(fake.connections[0]?.received).toEqual([{ protocol: 1, type: 'session_end', agent: { backend: 'codex', session_id: 's1' } }]);
  });

  it('raises the daemon error when it rejects a fire-and-forget line', async () => {
    const { client } = await startFake(() => '{"protocol":1,"type":"error","code":"invalid_message","error":"unknown state: x"}\n');
    await expect(client.endSession()).rejects.toMatchObject({ code: 'invalid_message' });
  });

  it('checks arguments before connecting', async () => {
    const { fake, client } = await startFake();
    await expect(client.reportState('thinking' as never)).rejects.toThrow('state must be one of the seven agent states');
    await expect(client.reportState('running', { metadata: { label: '' } })).rejects.toThrow('metadata.label must be a non-empty string');
    await expect(client.endSession(makeIdentity('', 'x'))).rejects.toThrow('agent.backend must be a non-empty string');
    await expect(client.subscribeActions({ actions: [] })).rejects.toThrow('at least one');
    expect(fake.connections).toHaveLength(0);
  });

  it('refuses a message over the frame cap without sending it', async () => {
    const { fake, client } = await startFake();
    await expect(client.reportState('running', { metadata: { label: 'x'.repeat(70_000) } })).rejects.toMatchObject({ code: 'frame_too_large' });
    expect(fake.allReceived()).toHaveLength(0);
  });
});
