import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvertisedOriginError, startWebBridge, WebAppMissingError } from '../../src/web/index.js';
import { CONTENT_SECURITY_POLICY } from '../../src/web/http/responses.js';
import { FIXTURE_INDEX } from './helpers/app-fixture.js';
import { get, rawRequest, type RawResponse } from './helpers/raw-http.js';
import { TEST_LAN, startTestBridge, type TestBridge } from './helpers/test-bridge.js';

const SECURITY_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

function expectSecurityHeaders(response: RawResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.header(name), name).toBe(value);
  expect(response.header('content-length')).toBe(String(Buffer.byteLength(response.body)));
  expect(response.header('server')).toBeUndefined();
  expect(response.header('content-encoding')).toBeUndefined();
  expect(response.headers.filter(([name]) => name.startsWith('access-control-'))).toEqual([]);
}

function expectInvalidHost(response: RawResponse): void {
  expect(response.status).toBe(400);
  expect(response.body).toBe('Invalid Host\n');
  expect(response.header('content-type')).toBe('text/plain; charset=utf-8');
  expectSecurityHeaders(response);
}

describe('web-surface-protocol-1.md §19', () => {
  let loopback: TestBridge;
  let port: number;
  const host = () => `Host: 127.0.0.1:${port}`;

  beforeAll(async () => {
    loopback = await startTestBridge();
    port = loopback.port;
  });
  afterAll(() => loopback.stop());

  it('scenario 1: GET / serves index.html with exactly the security headers', async () => {
    const response = await get(port, '/', [host()]);
    expect(response.status).toBe(200);
    expect(response.body).toBe(FIXTURE_INDEX);
    expect(response.header('content-type')?.startsWith('text/html')).toBe(true);
    expect(response.header('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expectSecurityHeaders(response);
  });

  it('scenario 2: /config.json (query ignored) announces live mode', async () => {
    const response = await get(port, '/config.json?x=1', [host()]);
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"mode":"live","protocol":1}');
    expect(response.header('content-type')).toBe('application/json; charset=utf-8');
    expectSecurityHeaders(response);
  });

  it('scenario 3: Host variants on a loopback-only bridge', async () => {
    expect((await get(port, '/', [`Host: localhost:${port}`])).status).toBe(200);
    expect((await get(port, '/', [`Host: LOCALHOST:${port}`])).status).toBe(200);
    expectInvalidHost(await get(port, '/', [`Host: 127.0.0.1:${port + 1}`]));
    expectInvalidHost(await get(port, '/', [`Host: example.com:${port}`]));
    expectInvalidHost(await get(port, '/', []));
    expectInvalidHost(await get(port, '/', ['Host: ']));
    expectInvalidHost(await get(port, '/', [host(), host()]));
  });

  it('scenario 4: a Host without a port means port 80', async () => {
    expect(port).not.toBe(80);
    expectInvalidHost(await get(port, '/', ['Host: localhost']));
  });

  it('refuses Host values a URL parser would read around, and IPv6 literals', async () => {
    for (const value of [`evil@localhost:${port}`, `localhost:${port}/x`, `[::1]:${port}`, `localhost:${port}0`, `localhost:x`]) {
      expectInvalidHost(await get(port, '/', [`Host: ${value}`]));
    }
    expect((await get(port, '/', [`Host: localhost:0${port}`])).status).toBe(200);
  });

  it('scenario 5: a LAN bridge accepts its advertised host and loopback names only', async () => {
    const lan = await startTestBridge({ lan: TEST_LAN });
    try {
      const lanPort = lan.port;
      expect(lan.bridge.advertisedBaseUrl).toBe(`http://pad-host.local:${lanPort}`);
      expect((await get(lanPort, '/', [`Host: pad-host.local:${lanPort}`])).status).toBe(200);
      expect((await get(lanPort, '/', [`Host: 127.0.0.1:${lanPort}`])).status).toBe(200);
      // The LAN listener runs the same handler on the same port.
      expect((await get(lanPort, '/', [`Host: pad-host.local:${lanPort}`], '127.0.0.2')).status).toBe(200);
      expectInvalidHost(await get(lanPort, '/', [`Host: other.local:${lanPort}`]));
      expectInvalidHost(await get(lanPort, '/', ['Host: pad-host.local:9999']));
      expectInvalidHost(await get(lanPort, '/', [`Host: 127.0.0.2:${lanPort}`]));
    } finally {
      await lan.stop();
    }
  });

  it('scenario 6: advertised-origin validation', async () => {
    const lan = await startTestBridge();
    try {
      const P = lan.port;
      const attempt = (url: string) => {
        try {
          lan.bridge.configureLan(url);
          return 'ok';
        } catch (error) {
          expect(error).toBeInstanceOf(AdvertisedOriginError);
          return (error as Error).message;
        }
      };
      const originError = 'advertised LAN URL must be an HTTP origin';
      const privateError = 'advertised LAN address must be a private address';
      expect(attempt(`http://8.8.8.8:${P}`)).toBe(privateError);
      expect(attempt(`http://127.0.0.1:${P}`)).toBe(privateError);
      expect(attempt(`http://0.0.0.0:${P}`)).toBe(privateError);
      for (const url of [
        `http://user@pad-host.local:${P}`,
        `http://user:pw@pad-host.local:${P}`,
        `https://pad-host.local:${P}`,
        `http://h:${P}/path`,
        `http://h:${P}/?q`,
        `http://h:${P}/#f`,
        `http://h:${P + 1}`,
        `http://h:99999`,
        'not a url',
      ]) {
        expect(attempt(url), url).toBe(originError);
      }
      expect(lan.bridge.lanEnabled).toBe(false);
      expect(attempt(`http://192.168.1.10:${P}/`)).toBe('ok');
      expect(lan.bridge.lanEnabled).toBe(true);
      expect(lan.bridge.advertisedBaseUrl).toBe(`http://192.168.1.10:${P}`);
      expect(attempt(`http://Pad-Host.LOCAL:${P}`)).toBe('ok');
      expect(attempt(`http://${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.local:${P}`)).toBe('advertised LAN URL is too long for a pairing QR code');
      expect(lan.bridge.advertisedBaseUrl).toBe(`http://pad-host.local:${P}`);
      expect((await get(P, '/', [`Host: pad-host.local:${P}`])).status).toBe(200);
    } finally {
      await lan.stop();
    }
  });

  it('scenario 7: static lookup refuses traversal, directories and NUL', async () => {
    for (const target of ['/../x', '/%2e%2e/x', '/assets/%2E%2E/index.html', '/missing.js', '/assets/', '/%00', '/%zz']) {
      const response = await get(port, target, [host()]);
      expect(response.status, target).toBe(404);
      expect(response.body).toBe('Not found\n');
      expectSecurityHeaders(response);
    }
    for (const target of ['//index.html', '/./index.html']) {
      const response = await get(port, target, [host()]);
      expect(response.status, target).toBe(200);
      expect(response.body).toBe(FIXTURE_INDEX);
    }
  });

  it('serves assets with fixed content types', async () => {
    const script = await get(port, '/assets/app.js', [host()]);
    expect(script.status).toBe(200);
    expect(script.header('content-type')).toBe('text/javascript; charset=utf-8');
    const wav = await get(port, '/assets/tone.wav', [host()]);
    expect(wav.header('content-type')?.startsWith('audio/wav')).toBe(true);
    expectSecurityHeaders(script);
  });

  it('serves no content for other methods, HTTP/1.0 or requests with a body', async () => {
    const requests = [
      `POST / HTTP/1.1\r\n${host()}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      `HEAD / HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
      `OPTIONS / HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.0\r\n${host()}\r\n\r\n`,
      `GET / HTTP/1.1\r\n${host()}\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab`,
      `GET / HTTP/1.1\r\n${host()}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    ];
    for (const request of requests) {
      const response = await rawRequest(port, request);
      expect([400, 405], request).toContain(response.status);
      expect(response.body).not.toContain('fixture pad');
      expect(response.headers.filter(([name]) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('fails to start with a clear message when the browser app is not built', async () => {
    const start = startWebBridge({ port: 0, assetRoot: '/nonexistent/web-app' });
    await expect(start).rejects.toBeInstanceOf(WebAppMissingError);
    await expect(start).rejects.toThrow('/nonexistent/web-app/index.html is missing; run "npm run build" first');
  });

  it('refuses an injected admin token longer than 256 characters', async () => {
    await expect(startTestBridge({ adminToken: 'x'.repeat(257) })).rejects.toThrow('admin token must be 1..256 characters');
  });

  it('prints the admin URL with the token in the fragment', () => {
    expect(loopback.bridge.adminUrl).toBe(`http://127.0.0.1:${port}/#admin=test-admin-token-0123456789abcdefghijklmnopq`);
  });
});
