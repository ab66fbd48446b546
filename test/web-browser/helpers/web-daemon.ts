import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDaemonCommand } from '../../../src/cli/commands/daemon.js';
import { makeWebCommand } from '../../../src/cli/commands/web.js';
import type { ControllerBackends } from '../../../src/app/controllers.js';
import type { DaemonCommandDeps } from '../../../src/cli/serve-daemon.js';
import { PadLatticeClient } from '../../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import type { MidiBackend } from '../../../src/midi/midi-port.js';
import { startWebBridge, type WebBridge, type WebBridgeOptions } from '../../../src/web/index.js';
import { captureIo } from '../../helpers/capture-io.js';

/** The cookie a test browser context sets to play a phone on the LAN (Chromium sends cookies on WebSocket handshakes, but no extra headers). */
export const TEST_PEER_COOKIE = 'pad-lattice-test-peer';

/**
 * Test-only peer addresses: a `pad-lattice-test-peer` cookie (browsers) or an
 * `X-Test-Peer` header (the ws test client) names the address the bridge
 * should believe; everything else is the real TCP source, i.e. loopback.
 */
function testPeerAddress(request: IncomingMessage): string | undefined {
  const cookie = new RegExp(`(?:^|;\\s*)${TEST_PEER_COOKIE}=([^;]+)`).exec(request.headers.cookie ?? '');
  if (cookie !== null) return decodeURIComponent(cookie[1]!);
  const header = request.headers['x-test-peer'];
  return typeof header === 'string' ? header : request.socket.remoteAddress;
}

export interface WebDaemon {
  readonly adminUrl: string;
  readonly port: number;
  readonly socketPath: string;
  readonly handle: DaemonHandle;
  readonly bridge: WebBridge;
  /** What the command asked the bridge for (port, LAN listener …). */
  readonly bridgeOptions: WebBridgeOptions;
  /** A socket client for agents and status. */
  readonly client: PadLatticeClient;
  stdout(): string;
  stderr(): string;
  /** Stops the command as a signal would and returns its exit code. */
  stop(): Promise<number>;
}

export interface PadCommandOptions {
  /**
   * LAN mode without a LAN listener: the bridge is advertised as the
   * command's advertise host (default `pad-host.local`) and makes its first
   * pairing, while every client still connects on loopback and plays a phone
   * with the test peer address.
   */
  readonly lanOnLoopback?: boolean;
  /** Another app bundle than dist/web-app (which `npm run build` writes). */
  readonly assetRoot?: string;
  readonly midiBackend?: () => MidiBackend;
  /** Mock serial ports and HID devices instead of the machine's. */
  readonly surfaceBackends?: Omit<ControllerBackends, 'midiBackend'>;
  /** Default: opening a browser fails the test. */
  readonly openBrowser?: DaemonCommandDeps['openBrowser'];
  /**
   * The folder of the identity store (and so of the admin token) and the
   * socket; the caller owns it. Default: a fresh one removed on stop.
   */
  readonly stateDir?: string;
  /** The socket, when it is not `d.sock` in the state folder (two pads sharing one state folder). */
  readonly socketPath?: string;
}

/**
 * `pad-lattice web` or `pad-lattice daemon` run in-process: the real command
 * with the real daemon, bridge and experiences. Only the wait for a signal,
 * the peer address and the browser opener are the test's.
 */
export async function startPadCommand(name: 'web' | 'daemon', args: readonly string[], options: PadCommandOptions = {}): Promise<WebDaemon> {
  const dir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'pl-web-'));
  const removeDir = () => {
    if (options.stateDir === undefined) rmSync(dir, { recursive: true, force: true });
  };
  const socketPath = options.socketPath ?? join(dir, 'd.sock');
  const opened: { bridge?: WebBridge; options?: WebBridgeOptions } = {};
  let stopRequested!: () => void;
  const stopping = new Promise<void>((resolve) => (stopRequested = resolve));
  let started!: (handle: DaemonHandle) => void;
  const running = new Promise<DaemonHandle>((resolve) => (started = resolve));
  const deps: DaemonCommandDeps = {
    start: startDaemon,
    waitForStop: async (handle) => {
      started(handle);
      await stopping;
      await handle.close();
      return 'SIGTERM';
    },
    startWeb: async (bridgeOptions) => {
      opened.options = bridgeOptions;
      const lan = options.lanOnLoopback === true ? null : bridgeOptions.lan;
      const bridge = await startWebBridge({
        ...bridgeOptions,
        lan,
        peerAddressOf: testPeerAddress,
        ...(options.assetRoot === undefined ? {} : { assetRoot: options.assetRoot }),
      });
      if (options.lanOnLoopback === true) {
        bridge.configureLan(`http://${bridgeOptions.lan?.advertiseHost ?? 'pad-host.local'}:${bridge.port}`);
        bridge.createPairing();
      }
      opened.bridge = bridge;
      return bridge;
    },
    openBrowser:
      options.openBrowser ??
      (() => {
        throw new Error('--no-open was given, yet the command tried to open a browser');
      }),
    ...(options.midiBackend === undefined ? {} : { midiBackend: options.midiBackend }),
    ...options.surfaceBackends,
  };
  const command = name === 'web' ? makeWebCommand(deps) : makeDaemonCommand(deps);
  const io = captureIo('', { NO_COLOR: '1' });
  // The daemon answers first; the command says how to connect an agent once its surfaces are attached.
  const attached = new Promise<void>((resolve) => {
    io.io.stderr.on('data', () => {
      if (io.stderr().includes('connect an agent:')) resolve();
    });
  });
  const exit = command.run([...args, '--socket', socketPath, '--identity-store', join(dir, 'ids.json')], io.io);
  const failedEarly = exit.then((code) => Promise.reject(new Error(`pad-lattice ${name} exited with ${code}: ${io.stderr()}`)));
  let handle: DaemonHandle;
  try {
    handle = await Promise.race([running, failedEarly]);
    await Promise.race([attached, failedEarly]);
  } catch (error) {
    removeDir();
    throw error;
  }
  const adminUrl = /^Virtual pad: (\S+)$/m.exec(io.stdout())?.[1] ?? (JSON.parse(io.stdout() || '{}') as { admin_url?: string }).admin_url;
  const { bridge, options: bridgeOptions } = opened;
  if (adminUrl === undefined || bridge === undefined || bridgeOptions === undefined) throw new Error(`no admin URL printed: ${io.stdout()}`);
  return {
    adminUrl,
    port: Number(new URL(adminUrl).port),
    socketPath,
    handle,
    bridge,
    bridgeOptions,
    client: new PadLatticeClient({ socketPath, timeoutMs: 5_000 }),
    stdout: io.stdout,
    stderr: io.stderr,
    async stop() {
      stopRequested();
      const code = await exit;
      removeDir();
      return code;
    },
  };
}

/** `pad-lattice web --no-open --port 0`. */
export const startWebDaemon = (options: PadCommandOptions = {}) => startPadCommand('web', ['--no-open', '--port', '0'], options);
