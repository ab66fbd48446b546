import { startWebBridge, type WebBridge, type WebBridgeOptions } from '../../../src/web/index.js';
import { fixture } from '../../helpers/fixture.js';
import { createAppFixture } from './app-fixture.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghijklmnopq';

/** A clock the test moves by hand (seconds). */
export class ManualClock {
  time = 1_000;
  readonly now = () => this.time;
  advance(seconds: number): void {
    this.time += seconds;
  }
}

export interface TestBridge {
  readonly bridge: WebBridge;
  readonly port: number;
  readonly clock: ManualClock;
  stop(): Promise<void>;
}

/**
 * A real bridge on 127.0.0.1 with an ephemeral port, a fixture app and a
 * manual clock. Clients that send `X-Test-Peer` are treated as coming from
 * that address, so one machine can play several LAN phones.
 */
export async function startTestBridge(options: Partial<WebBridgeOptions> = {}): Promise<TestBridge> {
  const fixture = createAppFixture();
  const clock = new ManualClock();
  const bridge = await startWebBridge({
    port: 0,
    adminToken: ADMIN_TOKEN,
    assetRoot: fixture.root,
    now: clock.now,
    peerAddressOf: (request) => {
      const spoofed = request.headers['x-test-peer'];
      return typeof spoofed === 'string' ? spoofed : request.socket.remoteAddress;
    },
    ...options,
  });
  return {
    bridge,
    port: bridge.port,
    clock,
    stop: async () => {
      await bridge.close();
      fixture.remove();
    },
  };
}

/** LAN access as the tests enable it: a second loopback address, advertised under a made-up host name. */
export const TEST_LAN = { bindHost: '127.0.0.2', advertiseHost: 'pad-host.local' } as const;

/**
 * A LAN-enabled test bridge for every test of the calling describe, stopped
 * after it. Call at that level; the returned function gives the current one.
 */
export function lanBridgePerTest(): () => TestBridge {
  return fixture(
    'each',
    () => startTestBridge({ lan: TEST_LAN }),
    (web) => web.stop(),
  );
}
