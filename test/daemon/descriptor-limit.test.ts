import { spawn } from 'node:child_process';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { clientCapacity, openFileLimit, RESERVED_DESCRIPTORS } from '../../src/daemon/socket/descriptor-limit.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { answersPing, spawnCliDaemon } from './helpers/spawned.js';
import { eventually } from './helpers/wire-client.js';

/*
 * Issue 22.3: at the descriptor limit new clients are refused at once with a
 * logged warning, existing clients keep working, and the browser pad stays
 * reachable — its open tab keeps getting updates and a new page load works.
 */
const LIMIT = 256;
const CLIENTS = 300;
const TAB = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/bench/soak/browser-tab.js');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** An admin tab in its own process (Node 20 has WebSocket behind a flag), printing each message type as a line. */
function openTab(adminUrl: string) {
  const script = `
    const { BrowserTab } = await import(${JSON.stringify(TAB)});
    const tab = await BrowserTab.open(${JSON.stringify(adminUrl)});
    console.log('authenticated');
    tab.onMessage((message) => console.log(message.type));`;
  const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  return { lines };
}

function connect(path: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => resolve(socket));
  });
}

describe('the descriptor limit (issue 22.3)', () => {
  it('reads the soft limit and keeps a reserve for everything but socket clients', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            256                  4096                 files\n';
    expect(openFileLimit(() => limits)).toBe(256);
    expect(openFileLimit(() => 'Max open files            unlimited            unlimited            files\n')).toBeNull();
    expect(
      openFileLimit(() => {
        throw new Error('no /proc');
      }),
    ).toBeNull();
    expect(clientCapacity(256)).toBe(256 - RESERVED_DESCRIPTORS);
    expect(clientCapacity(null)).toBeNull();
  });

  it(`under 'prlimit --nofile=${LIMIT}' with ${CLIENTS} clients: refused at once and logged, the rest and the browser pad keep working`, async () => {
    const { dir, path, remove } = makeSocketDir();
    const daemon = spawnCliDaemon(path, dir, ['--port', '0', '--no-open', '--json'], { command: 'web', wrapper: ['prlimit', `--nofile=${LIMIT}`] });
    cleanups.push(() => {
      daemon.child.kill('SIGKILL');
      remove();
    });
    await eventually(() => daemon.stdout().includes('admin_url'), 20_000, 'the browser pad link');
    const { admin_url: adminUrl } = JSON.parse(daemon.stdout().split('\n')[0]!) as { admin_url: string };
    const tab = openTab(adminUrl);
    await eventually(() => tab.lines.includes('authenticated'), 15_000, 'the admin tab authenticated');

    const clients: Socket[] = [];
    cleanups.push(() => clients.forEach((client) => client.destroy()));
    for (let i = 0; i < CLIENTS; i++) clients.push(await connect(path));
    await eventually(() => daemon.stderr().includes('refused a client'), 10_000, 'the refusal warning');
    expect(daemon.stderr()).toContain(`the most the file descriptor limit (${LIMIT}) allows`);
    // One warning line for the whole storm (the rest are counted into the next one, 10 s later).
    expect(daemon.stderr().match(/refused a client/g)).toHaveLength(1);

    // A new client learns at once: its connection is closed without waiting in the backlog.
    const late = await connect(path);
    await new Promise((resolve) => (late.destroyed ? resolve(null) : late.once('close', resolve)));

    // An existing client still gets answers, and its state change reaches the open tab.
    const first = clients[0]!;
    const surfacesBefore = tab.lines.filter((line) => line === 'surface').length;
    first.write('{"protocol":1,"type":"state","state":"running","reply":true,"agent":{"backend":"soak","session_id":"fd"}}\n');
    const ack = await new Promise<string>((resolve) => first.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(ack).toContain('"type":"state_ack"');
    await eventually(() => tab.lines.filter((line) => line === 'surface').length > surfacesBefore, 10_000, 'a surface update in the tab');

    // A new page load of the browser pad is served from the reserve.
    const page = await fetch(new URL('/', adminUrl));
    expect(page.status).toBe(200);

    for (const client of clients) client.destroy();
    await eventually(() => answersPing(path), 10_000, 'a new client served once the crowd left');
  }, 90_000);
});
