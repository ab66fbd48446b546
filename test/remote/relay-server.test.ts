import { once } from 'node:events';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DaemonTimeoutError, type SessionLease } from '../../src/client/index.js';
import { actionPressed, makeIdentity, sessionSelected } from '../../src/domain/index.js';
import type { PeerCredentialSource } from '../../src/daemon/socket/index.js';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import { HostNamespace } from '../../src/remote/host-namespace.js';
import { MAX_RELAYED_CONNECTIONS, RelayAlreadyRunningError, RelayServer } from '../../src/remote/relay-server.js';
import { LinkWatch } from '../../src/remote/link-watch.js';
import { eventually } from '../client/daemon-harness.js';
import { relaysPerTest } from './relay-harness.js';

const { daemon, relay, cleanups } = relaysPerTest();

const CLAUDE_S1 = makeIdentity('claude', 's1');

describe('the remote relay against a real daemon', () => {
  it('keeps equal session ids from two hosts and this machine apart, and each host sees its own ids', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const cloud = await relay(running, 'cloud');
    const acks = [
      await devbox.client.reportState('waiting_for_approval', { agent: CLAUDE_S1, metadata: { label: 'docs' }, reply: true }),
      await cloud.client.reportState('running', { agent: CLAUDE_S1, reply: true }),
      await running.client.reportState('running', { agent: CLAUDE_S1, reply: true }),
    ];
    expect(acks.map((ack) => [ack?.identity, ack?.slot, ack?.label])).toEqual([
      [CLAUDE_S1, 0, 'docs'],
      [CLAUDE_S1, 1, 's1'],
      [CLAUDE_S1, 2, 's1'],
    ]);
    const status = await running.client.status();
    expect(status.sessions.map((s) => [s.identity.backend, s.identity.sessionId, s.metadata['remote_host'] ?? null])).toEqual([
      ['claude@devbox', 's1', 'devbox'],
      ['claude@cloud', 's1', 'cloud'],
      ['claude', 's1', null],
    ]);
    // The browser's Scene label says where each session runs.
    expect(running.surface.lastView?.sessions.map((s) => s.host ?? null)).toEqual(['devbox', 'cloud', null]);
    // Through the relay, status shows the host its own session under its own id.
    const seen = await devbox.client.status();
    expect(seen.selected).toEqual(CLAUDE_S1);
    expect(seen.sessions.map((s) => s.identity.backend)).toEqual(['claude', 'claude@cloud', 'claude']);
    // session_end from a host can only reach that host's sessions.
    await cloud.client.endSession(CLAUDE_S1);
    expect((await running.client.status()).sessions.map((s) => s.identity.backend)).toEqual(['claude@devbox', 'claude']);
  });

  it('delivers one press to the selected host only, under the id that host knows', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const cloud = await relay(running, 'cloud');
    await devbox.client.reportState('waiting_for_approval', { agent: CLAUDE_S1 });
    await cloud.client.reportState('waiting_for_approval', { agent: CLAUDE_S1 });
    const onDevbox = await devbox.client.subscribeActions({ agent: CLAUDE_S1, actions: ['approve', 'reject'], requestId: 'r1', oneShot: true });
    const onCloud = await cloud.client.subscribeActions({ agent: CLAUDE_S1, actions: ['approve', 'reject'], requestId: 'r1', oneShot: true });
    cleanups.push(
      () => onDevbox.close(),
      () => onCloud.close(),
    );

    running.surface.press(sessionSelected(1));
    expect(
      await eventually(() => running.surface.lastView?.availableActions.has('approve') === true && running.surface.lastView.sessions[1]?.selected === true),
    ).toBe(true);
    running.surface.press(actionPressed('approve'));
    expect(await onCloud.receive(2_000)).toEqual({ action: 'approve', agent: CLAUDE_S1, requestId: 'r1' });
    await expect(onDevbox.receive(300)).rejects.toBeInstanceOf(DaemonTimeoutError);
    expect(cloud.admitted.map((a) => a.agent)).toEqual([makeIdentity('claude@cloud', 's1')]);
    expect(devbox.admitted).toEqual([]);
  });

  it('drops an action the link cannot be trusted with: the press reaches nobody', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await devbox.client.reportState('waiting_for_approval', { agent: CLAUDE_S1 });
    const subscription = await devbox.client.subscribeActions({ agent: CLAUDE_S1, actions: ['approve'], oneShot: true });
    cleanups.push(() => subscription.close());
    expect(await eventually(() => running.surface.lastView?.availableActions.has('approve') === true)).toBe(true);
    devbox.admit = false;
    running.surface.press(actionPressed('approve'));
    expect(await eventually(() => devbox.admitted.length === 1)).toBe(true);
    await expect(subscription.receive(300)).rejects.toBeInstanceOf(DaemonTimeoutError);
  });

  it("keeps a host's lease ids apart from local ones, and ends the host's leased sessions when its connections drop", async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const local: SessionLease = await running.client.sessionLease({ leaseId: 'L1', agent: makeIdentity('codex', 'mine'), metadata: {} });
    const remote: SessionLease = await devbox.client.sessionLease({ leaseId: 'L1', metadata: { label: 'far' } });
    cleanups.push(
      () => local.close(),
      () => remote.close(),
    );
    const bound = once(remote, 'bound');
    await devbox.client.reportState('running', { agent: CLAUDE_S1, leaseId: 'L1' });
    const [session] = (await bound) as [{ identity: unknown }];
    expect(session.identity).toEqual(CLAUDE_S1);
    expect(remote.identity).toEqual(CLAUDE_S1);
    const leased = (await running.client.status()).sessions.map((s) => [s.identity.backend, s.leased, s.label]);
    expect(leased).toEqual([
      ['codex', true, 'mine'],
      ['claude@devbox', true, 'far'],
    ]);

    devbox.server.closeConnections();
    expect(await eventually(async () => (await running.client.status()).sessions.length === 1)).toBe(true);
    expect((await running.client.status()).sessions[0]?.identity).toEqual(makeIdentity('codex', 'mine'));
  });

  it("answers invalid lines with the daemon's own errors, and closes on an unterminated oversize line", async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const socket = createConnection(devbox.server.path);
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    socket.write('{"type":"ping"}\nnot json\n{"protocol":1,"type":"ping"}\n');
    expect(await eventually(() => received.split('\n').length === 4)).toBe(true);
    expect(received).toBe(
      '{"protocol":1,"type":"error","code":"unsupported_protocol","error":"unsupported wire protocol None; expected 1"}\n' +
        '{"protocol":1,"type":"error","code":"invalid_message","error":"invalid JSON message"}\n' +
        '{"protocol":1,"type":"pong"}\n',
    );
    received = '';
    const closed = once(socket, 'close');
    socket.write('x'.repeat(70_000));
    await closed;
    expect(received).toContain('"code":"frame_too_large"');
  });

  it('closes a peer of another uid with nothing written, before anything reaches the daemon', async () => {
    const running = await daemon();
    const foreign: PeerCredentialSource = { available: true, description: 'test: every peer is uid 4242', peerUid: () => 4242 };
    const devbox = await relay(running, 'devbox', foreign);
    const socket = createConnection(devbox.server.path);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    // The write may fail with EPIPE once the relay has closed: that is the point.
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('{"protocol":1,"type":"state","state":"running"}\n');
    await closed;
    expect(received).toBe(0);
    expect((await running.client.status()).sessions).toEqual([]);
  });

  it(`relays at most ${MAX_RELAYED_CONNECTIONS} connections at once and says so once`, async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const sockets = Array.from({ length: MAX_RELAYED_CONNECTIONS }, () => createConnection(devbox.server.path));
    cleanups.push(() => sockets.forEach((socket) => socket.destroy()));
    expect(await eventually(() => devbox.server.connectionCount === MAX_RELAYED_CONNECTIONS)).toBe(true);
    for (let extra = 0; extra < 2; extra += 1) {
      const refused = createConnection(devbox.server.path);
      refused.on('error', () => undefined);
      await new Promise((resolve) => refused.once('close', resolve));
    }
    expect(devbox.errors).toEqual([`${MAX_RELAYED_CONNECTIONS} remote connections are open; refusing more until some close`]);
    sockets[0]!.destroy();
    expect(await eventually(() => devbox.server.connectionCount === MAX_RELAYED_CONNECTIONS - 1)).toBe(true);
    await devbox.client.ping();
  });

  it('refuses a second relay for the same host while the first runs', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await expect(
      RelayServer.start({
        path: devbox.server.path,
        daemonSocket: running.socketPath,
        namespace: new HostNamespace('devbox'),
        peerCredentials: loadSoPeerCred(),
        link: new LinkWatch(3_000, () => 0),
        admitAction: () => true,
      }),
    ).rejects.toBeInstanceOf(RelayAlreadyRunningError);
  });
});
