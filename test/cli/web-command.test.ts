import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openInBrowser } from '../../src/app/browser-pad.js';
import { makeWebCommand } from '../../src/cli/commands/web.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { startWebBridge } from '../../src/web/index.js';
import { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { PRO_STANDALONE, lightState } from '../midi-grid/helpers.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';
import { eventually } from '../e2e/helpers.js';
import { createAppFixture } from '../web/helpers/app-fixture.js';
import { TestClient } from '../web/helpers/ws-client.js';
import { startPadCommand, type WebDaemon } from '../web-browser/helpers/web-daemon.js';
import { pl } from './run.js';
import { cliInvocation } from '../../src/support/cli-invocation.js';
import { runDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs } from '../client/fake-daemon.js';
import { loadStreamDeckLibrary } from '../../src/stream-deck/library.js';
import { MextGrid } from '../hardware-mocks/mext-grid.mjs';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { MockStreamDeckBackend } from '../hardware-mocks/mock-stream-deck.js';
import { FTDI_GRID } from '../monome/helpers.js';

const app = createAppFixture();
const running: WebDaemon[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const daemon of running.splice(0)) expect(await daemon.stop()).toBe(0);
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => app.remove());

async function start(name: 'web' | 'daemon', args: string[], options: Parameters<typeof startPadCommand>[2] = {}): Promise<WebDaemon> {
  const daemon = await startPadCommand(name, args, { assetRoot: app.root, ...options });
  running.push(daemon);
  return daemon;
}

const adminTokenOf = (daemon: WebDaemon) => new URL(daemon.adminUrl).hash.replace('#admin=', '');

/** The `web` command with everything real but the app bundle (a fixture), for start-up failures. */
async function webFailing(args: string[], socketPath?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pl-webfail-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const socket = socketPath ?? join(dir, 'd.sock');
  let bridgePort: number | null = null;
  const command = makeWebCommand({
    start: startDaemon,
    // The daemon answers before the browser pad starts; a failing pad must stop it again, never leave it serving.
    waitForStop: () => Promise.reject(new Error('the daemon should not have kept running')),
    startWeb: async (options) => {
      const bridge = await startWebBridge({ ...options, assetRoot: app.root });
      bridgePort = bridge.port;
      return bridge;
    },
    openBrowser: () => false,
  });
  const io = captureIo('', { NO_COLOR: '1' });
  const code = await command.run([...args, '--no-open', '--socket', socket, '--identity-store', join(dir, 'ids.json')], io.io);
  return { code, stderr: io.stderr(), socketCreated: existsSync(socket), bridgePort };
}

describe('pad-lattice web / daemon --web: options', () => {
  it('web --help explains every browser pad option, and the command list has web', async () => {
    const help = await pl(['web', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--port N', '--no-open', '--lan', '--bind-host HOST', '--advertise-host HOST', '--socket PATH', '--json'])
      expect(help.stdout).toContain(flag);
    expect((await pl(['--help'])).stdout).toMatch(/^ {2}web +Run the daemon with the browser virtual pad/m);
    expect((await pl(['daemon', '--help'])).stdout).toContain('--web');
  });

  it.each([
    [['web', '--port', '70000'], '--port must be an integer from 0 to 65535, got "70000"'],
    [['web', '--port=1.5'], '--port must be an integer from 0 to 65535'],
    [['web', '--bind-host', '192.168.1.2'], '--bind-host needs --lan'],
    [['web', '--advertise-host', 'pad.local'], '--advertise-host needs --lan'],
    [['web', '--lan', '--bind-host', '8.8.8.8'], 'must be a private IPv4 address'],
    [['web', '--lan', '--advertise-host', 'a/b'], 'LAN host must be a bare address or name'],
    [['daemon', '--lan'], '--lan needs --web'],
    [['daemon', '--port', '0', '--no-open'], '--port, --no-open need --web'],
  ])('%j is a usage error: %s, found before the daemon already serving the socket', async (args, message) => {
    // A daemon already serves the socket (as one does on a user's default socket): the usage error comes first.
    const daemon = await runDaemon();
    const result = await pl(args, { NO_COLOR: '1', PAD_LATTICE_SOCKET: daemon.socketPath }).finally(() => daemon.handle.close());
    removeTempSocketDirs();
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
  });

  it('a bind host that is not an address of this machine fails, and the daemon is gone again with its socket', async () => {
    const result = await webFailing(['--lan', '--bind-host', '198.18.77.1', '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot listen on 198.18.77.1:0: not an address of this machine (check --bind-host)');
    expect(result.socketCreated).toBe(false);
  });

  it('a port in use fails with exit 1 and says what to do', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const result = await webFailing(['--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`browser pad: cannot listen on 127.0.0.1:${port}: the port is in use`);
      expect(result.stderr).toContain('--port 0');
      expect(result.socketCreated).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('pad-lattice web / daemon --web: running', () => {
  it('a second daemon on the same socket fails with exit 1 before opening a browser pad; the first keeps serving', async () => {
    const first = await start('web', ['--no-open', '--port', '0']);
    const second = await webFailing(['--port', '0'], first.socketPath);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('another Pad-Lattice daemon is already running');
    expect(second.bridgePort).toBeNull();
    expect((await first.client.status()).surfaces[0]?.kind).toBe('web');
  });

  it('web prints the admin URL, says how to connect an agent, and the browser pad is its only surface', async () => {
    const daemon = await start('web', ['--no-open', '--port', '0']);
    expect(daemon.stdout()).toMatch(/^Virtual pad: http:\/\/127\.0\.0\.1:\d+\/#admin=[A-Za-z0-9_-]{43}$/m);
    expect(daemon.stdout()).not.toContain('Phones and tablets');
    // The command's environment has no PATH: the hint names the program as it can be run, and how to put it on PATH.
    expect(daemon.stderr()).toContain(`pad-lattice web: connect an agent: ${cliInvocation({}).command} send-state running --socket ${daemon.socketPath}`);
    expect(daemon.stderr()).toContain("pad-lattice web: 'pad-lattice' is not on PATH; to type it as 'pad-lattice', run 'npm install -g .' (or 'npm link') in");
    expect((await daemon.client.status()).surfaces).toEqual([
      { kind: 'web', profile: 'virtual/browser', visualProtocol: 1, input: 'Browser controls', output: 'Browser display' },
    ]);
    const admin = await TestClient.open(daemon.port);
    expect(await admin.authenticate(adminTokenOf(daemon))).toMatchObject({ type: 'authenticated', admin: true, lan_enabled: false });
    admin.close();
  });

  it('without --no-open it opens the admin URL once, with the command environment', async () => {
    const opened: [string, NodeJS.ProcessEnv][] = [];
    const daemon = await start('web', ['--port', '0'], { openBrowser: (url, env) => (opened.push([url, env]), true) });
    expect(opened).toEqual([[daemon.adminUrl, { NO_COLOR: '1' }]]);
  });

  it('--json prints the links as one JSON object on stdout and logs JSON lines on stderr', async () => {
    const daemon = await start('web', ['--no-open', '--port', '0', '--json']);
    expect(JSON.parse(daemon.stdout())).toEqual({ admin_url: daemon.adminUrl, lan_url: null, pairing: null });
    for (const line of daemon.stderr().trim().split('\n')) expect(JSON.parse(line)).toHaveProperty('level');
  });

  it('--lan hands the bind and advertise hosts to the bridge and prints where phones go and the PIN', async () => {
    const args = ['--no-open', '--port', '0', '--lan', '--bind-host', '192.168.77.1', '--advertise-host', '10.9.8.7'];
    const daemon = await start('web', args, { lanOnLoopback: true });
    expect(daemon.bridgeOptions.lan).toEqual({ bindHost: '192.168.77.1', advertiseHost: '10.9.8.7' });
    const pairing = daemon.bridge.currentPairing()!;
    const out = daemon.stdout();
    expect(out).toContain(`Phones and tablets: http://10.9.8.7:${daemon.port}\n`);
    expect(out).toContain(`pairing PIN ${pairing.pin}, or open http://10.9.8.7:${daemon.port}/#pair=`);
    expect(out).toContain('never expose or port-forward');
  });

  it('web drives the monome grids and Stream Decks that are plugged in, after the browser pad: both show the waiting agent, a press approves once', async () => {
    const grid = new MextGrid();
    const serial = new MockSerialBinding().createPort('/dev/ttyUSB0', FTDI_GRID, (bytes) => grid.receive(bytes));
    const decks = new MockStreamDeckBackend();
    const deck = decks.plug('/dev/hidraw0');
    const daemon = await start('web', ['--no-open', '--port', '0'], {
      surfaceBackends: { serialBackend: () => serial, hidBackend: () => decks, streamDeckLibrary: () => loadStreamDeckLibrary() },
    });
    await eventually(async () => (await daemon.client.status()).surfaces.length === 3, 'the grid and the deck to open');
    // The browser pad first; then the grid and the deck in the order they opened (the grid waits for its size answer).
    const [first, ...controllers] = (await daemon.client.status()).surfaces.map((s) => [s.kind, s.profile]);
    expect(first).toEqual(['web', 'virtual/browser']);
    expect(controllers).toEqual(
      expect.arrayContaining([
        ['serial', 'monome/grid/128'],
        ['hid', 'elgato/stream-deck/mk-2'],
      ]),
    );
    const agent = makeIdentity('web', 'grid');
    await daemon.client.reportState('waiting_for_approval', { agent, reply: true });
    const subscription = await daemon.client.subscribeActions({ agent, actions: ['approve'] });
    cleanups.push(() => subscription.close());
    // Approve is (15, 0) on the 16x8 grid profile and key 10 on the MK.2 profile.
    await eventually(() => grid.level(15, 0) === 12, 'approve to light on the grid');
    // The key's corner shows its colour (its middle holds the label).
    const green = (rgb: readonly number[] | null) => rgb !== null && rgb[1]! > 150 && rgb[0]! < 120;
    await eventually(() => green(deck.pixel(10, 2, 2)), 'approve to light green on the deck');
    deck.press(10);
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    const extra = await subscription.receive(300).then(
      (event) => event,
      (error: unknown) => error,
    );
    expect(extra).not.toHaveProperty('action');
    expect([...grid.errors, ...deck.errors]).toEqual([]);
  });

  it('daemon --web puts the browser first and the MIDI hub second; a Demo the browser starts also plays on the Launchpad', async () => {
    const backend = new MockMidiBackend().plug(PRO_STANDALONE);
    const daemon = await start('daemon', ['--web', '--no-open', '--port', '0', '--no-greeting'], { midiBackend: () => backend });
    await eventually(async () => (await daemon.client.status()).surfaces.length === 2, 'the hub to open the Launchpad');
    expect((await daemon.client.status()).surfaces.map((s) => [s.kind, s.profile])).toEqual([
      ['web', 'virtual/browser'],
      ['midi', 'novation/launchpad/pro-mk1'],
    ]);
    const launchpad = backend.openedOutputs.find((port) => port.name === PRO_STANDALONE)!;
    const approveLit = () => lightState(launchpad.sent).get('cc:0:91') === 21;
    expect(approveLit()).toBe(false);

    const admin = await TestClient.open(daemon.port);
    await admin.authenticate(adminTokenOf(daemon));
    admin.send({ protocol: 1, type: 'start_experience', kind: 'demo' });
    // Scene 2 on the browser answers the Demo's first prompt; its next stage offers Approve, on every surface.
    admin.send({ protocol: 1, type: 'select_session', slot: 1 });
    await eventually(approveLit, 'Approve to light on the Launchpad');
    expect((await daemon.client.status()).experience).toBe('demo');
    admin.close();
  });
});

describe('pad-lattice web: startup order', () => {
  it('answers agents while its browser pad is still starting, then attaches it and repaints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pl-webearly-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const socketPath = join(dir, 'd.sock');
    let releaseBridge!: () => void;
    const bridgeMayStart = new Promise<void>((resolve) => (releaseBridge = resolve));
    let stop!: () => void;
    const stopRequested = new Promise<void>((resolve) => (stop = resolve));
    const command = makeWebCommand({
      start: startDaemon,
      waitForStop: async (handle) => {
        await stopRequested;
        await handle.close();
        return 'SIGTERM';
      },
      startWeb: async (options) => {
        await bridgeMayStart;
        return startWebBridge({ ...options, assetRoot: app.root });
      },
      openBrowser: () => false,
    });
    const io = captureIo('', { NO_COLOR: '1' });
    const exit = command.run(['--no-open', '--port', '0', '--socket', socketPath, '--identity-store', join(dir, 'ids.json')], io.io);
    const client = new PadLatticeClient({ socketPath, timeoutMs: 5_000 });
    await eventually(
      () =>
        client.ping().then(
          () => true,
          () => false,
        ),
      'the daemon to answer',
    );
    const early = await client.reportState('running', { agent: makeIdentity('codex', 'early'), reply: true });
    expect(early?.slot).toBe(0);
    expect((await client.status()).surfaces).toEqual([]);
    releaseBridge();
    await eventually(() => io.stderr().includes('connect an agent:'), 'the browser pad to be attached');
    const status = await client.status();
    expect(status.surfaces.map((surface) => surface.kind)).toEqual(['web']);
    expect(status.sessions.map((session) => session.identity.sessionId)).toEqual(['early']);
    stop();
    expect(await exit).toBe(0);
  });
});

describe('opening the admin page', () => {
  /** A folder holding a fake `xdg-open` that records its argument, to put on PATH. */
  function fakeXdgOpen(): { dir: string; opened(): string | null } {
    const dir = mkdtempSync(join(tmpdir(), 'pl-xdg-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Written aside and renamed in, so a reader never sees the file half-written (PATH is only this folder: absolute mv).
    writeFileSync(join(dir, 'xdg-open'), '#!/bin/sh\nprintf %s "$1" > "${0%/*}/opened.tmp" && /bin/mv "${0%/*}/opened.tmp" "${0%/*}/opened"\n');
    chmodSync(join(dir, 'xdg-open'), 0o755);
    return { dir, opened: () => (existsSync(join(dir, 'opened')) ? readFileSync(join(dir, 'opened'), 'utf8') : null) };
  }

  it('runs xdg-open with the URL when a display exists', async () => {
    const xdg = fakeXdgOpen();
    expect(openInBrowser('http://127.0.0.1:8765/#admin=abc', { DISPLAY: ':99', PATH: xdg.dir })).toBe(true);
    await eventually(() => xdg.opened() !== null, 'the fake xdg-open to run');
    expect(xdg.opened()).toBe('http://127.0.0.1:8765/#admin=abc');
  });

  it('never tries without a display, and a missing xdg-open is ignored', () => {
    const xdg = fakeXdgOpen();
    expect(openInBrowser('http://127.0.0.1:8765/', { PATH: xdg.dir })).toBe(false);
    expect(xdg.opened()).toBeNull();
    const empty = mkdtempSync(join(tmpdir(), 'pl-noxdg-'));
    cleanups.push(() => rmSync(empty, { recursive: true, force: true }));
    expect(openInBrowser('http://127.0.0.1:8765/', { WAYLAND_DISPLAY: 'wayland-0', PATH: empty })).toBe(true);
  });
});
