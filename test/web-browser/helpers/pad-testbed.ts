import type { Browser } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import type { ActionSubscription, SubscribeOptions } from '../../../src/client/index.js';
import type { SurfaceView } from '../../../src/domain/index.js';
import { chromiumForFile } from '../../helpers/chromium.js';
import { startWebDaemon, type PadCommandOptions, type WebDaemon } from './web-daemon.js';

export interface PadTestbed {
  readonly browser: () => Browser;
  /** `pad-lattice web` for this test; stopped (exit 0 expected) after it. */
  start(options?: PadCommandOptions): Promise<WebDaemon>;
  readonly daemon: () => WebDaemon;
  /** The daemon's current semantic view, as every surface receives it. */
  liveView(): SurfaceView;
  /** An agent's action subscription, in place once this resolves; closed after the test. */
  subscribe(options: SubscribeOptions): Promise<ActionSubscription>;
}

/** One Chromium for the file, one daemon per test, and the subscriptions a test opened. Call at a file's top level. */
export function padTestbed(): PadTestbed {
  const browser = chromiumForFile();
  let current: WebDaemon | null = null;
  const subscriptions: ActionSubscription[] = [];
  const daemon = () => {
    if (current === null) throw new Error('start the daemon first');
    return current;
  };
  afterEach(async () => {
    for (const subscription of subscriptions.splice(0)) await subscription.close();
    const running = current;
    current = null;
    if (running !== null) expect(await running.stop()).toBe(0);
  });
  return {
    browser,
    async start(options) {
      current = await startWebDaemon(options);
      return current;
    },
    daemon,
    liveView: () => daemon().handle.runtime.plane.surfaceView(0, false),
    async subscribe(options) {
      const subscription = await daemon().client.subscribeActions(options);
      subscriptions.push(subscription);
      // The daemon handles one connection's lines in order; a later request's answer means the subscription is in place.
      await daemon().client.status();
      return subscription;
    },
  };
}
