import { afterEach, describe, expect, it } from 'vitest';
import { DaemonDisconnectedError, DaemonProtocolError, DaemonTimeoutError, PadLatticeClient, type ActionEvent } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { FakeDaemon, delay, removeTempSocketDirs } from './fake-daemon.js';

const APPROVE = '{"protocol":1,"type":"action","action":"approve","agent":{"backend":"codex","session_id":"s1"},"request_id":"r1"}\n';
const STOP = '{"protocol":1,"type":"action","action":"stop","agent":{"backend":"codex","session_id":"s1"}}\n';

let fake: FakeDaemon | null = null;

afterEach(async () => {
  await fake?.close();
  fake = null;
  removeTempSocketDirs();
});

async function subscribed(options: Parameters<PadLatticeClient['subscribeActions']>[0] = {}) {
  fake = await FakeDaemon.start();
  const client = new PadLatticeClient({ socketPath: fake.socketPath, timeoutMs: 500 });
  const subscription = await client.subscribeActions(options);
  await fake.waitForLines(1);
  const connection = fake.connections[0]!;
  return { fake, subscription, connection };
}

/** Resolves once the fake saw this connection close (the client unsubscribed). */
async function closedByClient(connection: { ended(): boolean }): Promise<boolean> {
  for (let i = 0; i < 200 && !connection.ended(); i++) await delay(5);
  return connection.ended();
}

describe('subscribeActions', () => {
  it('sends all four actions in canonical order for the default identity', async () => {
    const { connection } = await subscribed();
    expect(connection.rawLines).toEqual([
      '{"protocol":1,"type":"subscribe_actions","agent":{"backend":"local","session_id":"default"},"actions":["approve","reject","stop","retry"]}',
    ]);
  });

  it('sends request id and one_shot when asked', async () => {
    const { connection } = await subscribed({ agent: makeIdentity('codex', 's1'), actions: ['approve', 'reject', 'approve'], requestId: 'r1', oneShot: true });
    expect(connection.received).toEqual([
      {
        protocol: 1,
        type: 'subscribe_actions',
        agent: { backend: 'codex', session_id: 's1' },
        actions: ['approve', 'reject'],
        request_id: 'r1',
        one_shot: true,
      },
    ]);
  });

  it('yields typed actions to for-await and unsubscribes when the loop is left', async () => {
    const { subscription, connection } = await subscribed();
    connection.writeRaw(APPROVE + STOP);
    const seen: ActionEvent[] = [];
    for await (const event of subscription) {
      seen.push(event);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([
      { action: 'approve', agent: makeIdentity('codex', 's1'), requestId: 'r1' },
      { action: 'stop', agent: makeIdentity('codex', 's1'), requestId: null },
    ]);
    expect(await closedByClient(connection)).toBe(true);
    expect(subscription.isOpen).toBe(false);
  });

  it('unsubscribes on await using disposal', async () => {
    let connection: { ended(): boolean } | null = null;
    {
      const setup = await subscribed();
      connection = setup.connection;
      await using subscription = setup.subscription;
      expect(subscription.isOpen).toBe(true);
    }
    expect(await closedByClient(connection)).toBe(true);
  });

  it('returns null from receive after close()', async () => {
    const { subscription } = await subscribed();
    await subscription.close();
    expect(await subscription.receive()).toBeNull();
  });

  it('bounds a receive with a timeout and stays subscribed', async () => {
    const { subscription, connection } = await subscribed();
    await expect(subscription.receive(30)).rejects.toBeInstanceOf(DaemonTimeoutError);
    expect(subscription.isOpen).toBe(true);
    connection.writeRaw(STOP);
    expect(await subscription.receive(500)).toMatchObject({ action: 'stop' });
    await subscription.close();
  });

  it('ends iteration with DaemonDisconnectedError when the daemon goes away', async () => {
    const { subscription, connection } = await subscribed();
    connection.socket.end();
    const iterate = async () => {
      for await (const _ of subscription) void _;
    };
    await expect(iterate()).rejects.toBeInstanceOf(DaemonDisconnectedError);
  });

  it('raises an error line as DaemonProtocolError and closes the subscription', async () => {
    const { subscription, connection } = await subscribed();
    connection.writeRaw('{"protocol":1,"type":"error","code":"invalid_message","error":"actions must be a non-empty JSON array"}\n');
    const iterate = async () => {
      for await (const _ of subscription) void _;
    };
    const failure = await iterate().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DaemonProtocolError);
    expect((failure as DaemonProtocolError).code).toBe('invalid_message');
    expect(await closedByClient(connection)).toBe(true);
  });

  it('treats an action with an extra member or any other message type as a protocol failure', async () => {
    const { subscription, connection } = await subscribed();
    connection.writeRaw('{"protocol":1,"type":"action","action":"stop","agent":{"backend":"a","session_id":"b"},"extra":1}\n');
    await expect(subscription.receive(500)).rejects.toMatchObject({ code: 'invalid_message' });
    connection.writeRaw('{"protocol":1,"type":"pong"}\n');
    await expect(subscription.receive(500)).rejects.toMatchObject({ code: 'unexpected_message_type' });
    await subscription.close();
  });
});
