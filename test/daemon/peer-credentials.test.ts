import { spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import { startTestDaemon, type TestDaemon } from './helpers/test-daemon.js';

const PONG = '{"protocol":1,"type":"pong"}';
const NOBODY = 65534;

let daemon: TestDaemon | null = null;
afterEach(async () => {
  await daemon?.stop();
  daemon = null;
});

/** Connects from a child process running as `uid`, sends ping, prints what came back and how the connection ended. */
function pingAs(path: string, uid: number): Promise<string> {
  const script = `
    const s = require('node:net').createConnection(${JSON.stringify(path)});
    let got = '';
    s.on('data', (d) => { got += d; });
    s.on('connect', () => s.write('{"protocol":1,"type":"ping"}\\n'));
    let error = null;
    s.on('error', (e) => { error = e.code; });
    s.on('close', () => { process.stdout.write(JSON.stringify({ got, error })); });
    setTimeout(() => s.destroy(), 3000);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { uid, gid: uid, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('wire-protocol-1.md §3.4 peer credential check', () => {
  it('reads our own uid from a real connection with SO_PEERCRED', async () => {
    const source = loadSoPeerCred();
    expect(source.available).toBe(true);
    daemon = await startTestDaemon();
    expect(daemon.handle.peerCredentialCheck).toBe(true);
    const socket = createConnection(daemon.path);
    const reply = await new Promise<string>((resolve) => {
      socket.on('connect', () => socket.write('{"protocol":1,"type":"ping"}\n'));
      socket.once('data', (data) => resolve(data.toString().trim()));
    });
    socket.destroy();
    expect(reply).toBe(PONG);
  });

  // Only root can start a client under another uid; CI runs as root.
  it.runIf(process.getuid?.() === 0)('closes a connection from another uid with nothing written, even when the file mode would let it in', async () => {
    daemon = await startTestDaemon();
    chmodSync(daemon.dir, 0o755);
    chmodSync(daemon.path, 0o666);
    const result = JSON.parse(await pingAs(daemon.path, NOBODY)) as { got: string; error: string | null };
    // The daemon hangs up at once: the client reads nothing (its write may then fail with EPIPE).
    expect(result.got).toBe('');
    expect([null, 'EPIPE', 'ECONNRESET']).toContain(result.error);
    // The daemon still serves its own user afterwards.
    const client = await daemon.connect();
    expect(await client.request({ protocol: 1, type: 'ping' })).toEqual({ protocol: 1, type: 'pong' });
  });

  it('falls back to the socket mode on platforms without SO_PEERCRED and says so', () => {
    const source = loadSoPeerCred('darwin');
    expect(source.available).toBe(false);
    expect(source.description).toContain('0600');
  });
});
