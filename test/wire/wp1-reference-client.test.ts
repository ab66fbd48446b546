import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { actionPressed } from '../../src/domain/index.js';
import { decodeServerLine, type ServerMessage } from '../../src/wire/index.js';
import { testDaemonPerTest } from '../daemon/helpers/test-daemon.js';
import { WireClient, eventually } from '../daemon/helpers/wire-client.js';

/**
 * Scenario 48 names the unchanged Python reference client. That client is not
 * available to this test suite, so these tests replay its documented wire
 * behaviour (wire-protocol-1.md §11): one connection per request, one line
 * out, exactly one line read back within 2 s; fire-and-forget messages close
 * without reading; subscribers accept only `action`/`error` lines and reject
 * unknown members (decodeServerLine is strict there, as that client is).
 */

const daemon = testDaemonPerTest();

/** request_message(): connect, send one line, read up to the first LF, close. */
function requestMessage(path: string, message: unknown): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('timed out after 2 s'));
    }, 2000);
    socket.on('connect', () => socket.write(`${JSON.stringify(message)}\n`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const buffer = Buffer.concat(chunks);
      const lf = buffer.indexOf(0x0a);
      if (lf < 0) return;
      clearTimeout(timer);
      socket.destroy();
      const decoded = decodeServerLine(buffer.subarray(0, lf));
      if (decoded.ok) resolve(decoded.message);
      else reject(new Error(`${decoded.error.code}: ${decoded.error.message}`));
    });
    socket.on('error', reject);
  });
}

/** send_message(): connect, write, close at once without reading. */
function sendMessage(path: string, message: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path, () => socket.end(`${JSON.stringify(message)}\n`));
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('wire-protocol-1.md §12', () => {
  it('scenario 48: the reference client calls work end to end (replayed client behaviour)', async () => {
    const path = daemon().path;
    expect((await requestMessage(path, { protocol: 1, type: 'ping' })).type).toBe('pong');
    expect((await requestMessage(path, { protocol: 1, type: 'status' })).type).toBe('status');

    const agent = { backend: 'codex', session_id: 's1' };
    const ack = await requestMessage(path, { protocol: 1, type: 'state', state: 'running', agent: { ...agent, label: 'docs' }, reply: true });
    expect(ack).toMatchObject({ type: 'state_ack', session: { label: 'docs', state: 'running', slot: 0 } });

    const subscription = await WireClient.connect(path);
    subscription.send({ protocol: 1, type: 'subscribe_actions', agent, actions: ['stop'] });
    // The subscription has no ack; wait until the daemon shows the capability on the surface.
    await eventually(() => daemon().surface.lastView?.availableActions.has('stop') === true, 5000, 'stop available');
    daemon().surface.press(actionPressed('stop'));
    const decoded = decodeServerLine(Buffer.from(await subscription.nextLine()));
    expect(decoded).toEqual({
      ok: true,
      message: { type: 'action', action: 'stop', agent: { backend: 'codex', sessionId: 's1' }, requestId: null },
    });
    subscription.destroy();

    await sendMessage(path, { protocol: 1, type: 'session_end', agent });
    await eventually(
      async () => {
        const status = await requestMessage(path, { protocol: 1, type: 'status' });
        return status.type === 'status' && status.status.sessions.length === 0;
      },
      5000,
      'session ended',
    );
  });

  it('scenario 48: a fire-and-forget state followed by an immediate close is handled', async () => {
    await sendMessage(daemon().path, { protocol: 1, type: 'state', state: 'user_typing', agent: { backend: 'claude', session_id: 'x' } });
    await eventually(
      async () => {
        const status = await requestMessage(daemon().path, { protocol: 1, type: 'status' });
        return status.type === 'status' && status.status.sessions.some((s) => s.identity.sessionId === 'x' && s.state === 'user_typing');
      },
      5000,
      'state applied',
    );
  });
});
