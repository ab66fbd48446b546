import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSurfaceView } from '../../src/domain/index.js';
import { makeExperienceView } from './helpers/experience.js';
import { rawRequest, type RawResponse } from './helpers/raw-http.js';
import { itValidatesEveryMessage } from './helpers/scenario-41.js';
import { ADMIN_TOKEN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';
import { TestClient, UpgradeRefused } from './helpers/ws-client.js';

function upgradeRequest(port: number, headers: string[]): Promise<RawResponse> {
  return rawRequest(
    port,
    [
      'GET /ws HTTP/1.1',
      ...headers,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
}

describe('web-surface-protocol-1.md §19', () => {
  let web: TestBridge;
  let port: number;

  beforeAll(async () => {
    web = await startTestBridge();
    port = web.port;
  });
  afterAll(() => web.stop());

  async function admin(): Promise<TestClient> {
    const client = await TestClient.open(port);
    expect((await client.authenticate(ADMIN_TOKEN)).type).toBe('authenticated');
    return client;
  }

  it('scenario 8: /ws requires an http Origin equal to the Host', async () => {
    const host = `Host: 127.0.0.1:${port}`;
    for (const headers of [
      [host],
      [host, `Origin: https://127.0.0.1:${port}`],
      [host, `Origin: http://127.0.0.1:${port + 1}`],
      [host, `Origin: http://localhost:${port}`],
      [host, 'Origin: null'],
      [host, `Origin: http://127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`],
    ]) {
      const response = await upgradeRequest(port, headers);
      expect(response.status, headers.join(' | ')).toBe(403);
      expect(response.body).toBe('WebSocket origin rejected\n');
      expect(response.header('content-security-policy')).toBeDefined();
      expect(response.header('x-frame-options')).toBe('DENY');
    }
    const client = await TestClient.open(port);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.close();
  });

  it('refuses a /ws request that is not a valid upgrade with a 4xx', async () => {
    const plain = await rawRequest(port, `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(plain.status).toBeGreaterThanOrEqual(400);
    expect(plain.status).toBeLessThan(500);
    for (const [key, version] of [
      ['dGhlIHNhbXBsZSBub25jZQ==', '7'],
      ['not-a-key', '13'],
    ]) {
      const refused = await rawRequest(
        port,
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: ${version}\r\n\r\n`,
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
  });

  it('refuses a WebSocket upgrade with a wrong Host before the Origin check', async () => {
    const response = await upgradeRequest(port, [`Host: evil.example:${port}`, `Origin: http://evil.example:${port}`]);
    expect(response.status).toBe(400);
    expect(response.body).toBe('Invalid Host\n');
    await expect(TestClient.open(port, { host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).rejects.toEqual(new UpgradeRefused(400));
  });

  it('scenario 9: permessage-deflate is never negotiated, and no subprotocol is chosen', async () => {
    const client = await TestClient.open(port, { perMessageDeflate: true });
    expect(client.upgradeHeaders['sec-websocket-extensions']).toBeUndefined();
    expect(client.upgradeHeaders['sec-websocket-protocol']).toBeUndefined();
    client.close();
  });

  it('scenario 10: silence for 10 s ends in authentication_timeout and a normal close', async () => {
    const client = await TestClient.open(port);
    const message = await client.next(15_000);
    expect(message).toEqual({ protocol: 1, type: 'error', code: 'authentication_timeout', error: 'authentication timed out' });
    expect((await client.closed).code).toBe(1000);
  }, 20_000);

  it('scenario 11: a command before authenticate is refused and reaches nobody', async () => {
    const client = await TestClient.open(port);
    client.send({ protocol: 1, type: 'action', action: 'stop' });
    expect(await client.next()).toEqual({
      protocol: 1,
      type: 'error',
      code: 'authentication_required',
      error: 'authenticate before sending commands',
    });
    expect((await client.closed).code).toBe(1000);
    expect(web.bridge.surface.pollEvents()).toEqual([]);
  });

  it('scenario 12: a malformed first message is answered with its error code and closed', async () => {
    const notJson = await TestClient.open(port);
    notJson.send('not json');
    expect(await notJson.next()).toMatchObject({ type: 'error', code: 'invalid_json', error: 'message must be valid JSON' });
    expect((await notJson.closed).code).toBe(1000);
    const protocol2 = await TestClient.open(port);
    protocol2.send({ protocol: 2, type: 'authenticate', credential: ADMIN_TOKEN });
    expect(await protocol2.next()).toMatchObject({ type: 'error', code: 'unsupported_protocol', error: 'unsupported web protocol' });
    expect((await protocol2.closed).code).toBe(1000);
  });

  it('scenario 29: 16384 bytes pass, 16385 close with 1009, and oversize output is dropped without harm', async () => {
    const client = await admin();
    await client.drainUntilBarrier();
    const message = '{"protocol":1,"type":"select_session","slot":2}';
    client.send(message.padEnd(16_384, ' '));
    expect(await client.drainUntilBarrier()).toEqual([]);
    expect(web.bridge.surface.pollEvents()).toEqual([{ type: 'session_selected', slot: 2 }]);

    const observer = await admin();
    await observer.drainUntilBarrier();
    const warnings: string[] = [];
    const logged = await startTestBridge({ logger: { info: () => undefined, warn: (line) => warnings.push(line), error: () => undefined } });
    try {
      const watcher = await TestClient.open(logged.port);
      await watcher.authenticate(ADMIN_TOKEN);
      await watcher.drainUntilBarrier();
      logged.bridge.surface.setExperience(makeExperienceView({ status: 'playing', kind: 'demo', caption: 'x'.repeat(20_000) }));
      logged.bridge.surface.render(makeSurfaceView({ selectedState: 'running' }));
      expect((await watcher.next()).type).toBe('surface');
      expect(warnings).toEqual(['web: dropped a experience_state message larger than 16384 bytes']);
      watcher.close();
    } finally {
      await logged.stop();
    }

    client.send(message.padEnd(16_385, ' '));
    expect((await client.closed).code).toBe(1009);
    // Everyone else is still served.
    web.bridge.surface.render(makeSurfaceView({ selectedState: 'success' }));
    expect(await observer.next()).toMatchObject({ type: 'surface', view: { selected_state: 'success' } });
    observer.close();
  });

  it('scenario 31: binary frames carry UTF-8 JSON; invalid UTF-8 is invalid_encoding', async () => {
    const client = await admin();
    await client.drainUntilBarrier();
    client.sendBinary(Buffer.from('{"protocol":1,"type":"action","action":"approve"}', 'utf8'));
    client.sendBinary(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(await client.next()).toEqual({ protocol: 1, type: 'error', code: 'invalid_encoding', error: 'message must be UTF-8' });
    expect(await client.drainUntilBarrier()).toEqual([]);
    expect(web.bridge.surface.pollEvents()).toEqual([{ type: 'action_pressed', action: 'approve' }]);
    client.close();
  });

  it('a binary first message with invalid UTF-8 is refused and closed', async () => {
    const client = await TestClient.open(port);
    client.sendBinary(Uint8Array.from([0xc3, 0x28]));
    expect(await client.next()).toMatchObject({ code: 'invalid_encoding' });
    expect((await client.closed).code).toBe(1000);
  });

  it('bad input from one browser leaves everyone else served', async () => {
    const observer = await admin();
    await observer.drainUntilBarrier();

    const confused = await admin();
    await confused.drainUntilBarrier();
    confused.send({ protocol: 1, type: 'format_disk' });
    expect(await confused.next()).toMatchObject({ code: 'invalid_message', error: 'unknown message type' });
    const flooder = await admin();
    await flooder.drainUntilBarrier();
    web.clock.advance(5);
    for (let i = 0; i < 25; i += 1) flooder.send({ protocol: 1, type: 'action', action: 'stop' });
    expect(await flooder.closed).toEqual({ code: 1008, reason: 'command rate exceeded' });
    const oversized = await admin();
    oversized.send('x'.repeat(100_000));
    expect((await oversized.closed).code).toBe(1009);
    expect((await upgradeRequest(port, [`Host: 127.0.0.1:${port}`, 'Origin: http://evil.example'])).status).toBe(403);
    expect((await upgradeRequest(port, ['Host: evil.example', 'Origin: http://evil.example'])).status).toBe(400);
    web.bridge.surface.pollEvents();

    web.bridge.surface.render(makeSurfaceView({ selectedState: 'waiting_for_approval', availableActions: ['approve'] }));
    expect(await observer.next()).toMatchObject({ type: 'surface', view: { available_actions: ['approve'] } });
    expect(await confused.next()).toMatchObject({ type: 'surface' });
    observer.send({ protocol: 1, type: 'action', action: 'approve' });
    expect(await observer.drainUntilBarrier()).toEqual([]);
    expect(web.bridge.surface.pollEvents()).toEqual([{ type: 'action_pressed', action: 'approve' }]);
    observer.close();
    confused.close();
  });

  itValidatesEveryMessage('8–12, 29 and 31');
});
