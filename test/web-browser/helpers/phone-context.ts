import type { Browser, BrowserContext } from 'playwright-core';
import { TEST_LAN_HOST } from '../../helpers/chromium.js';
import { TEST_PEER_COOKIE } from './web-daemon.js';

/** Where a phone opens the pad: the bridge's advertised LAN name (Chromium maps it to loopback). */
export const phoneUrl = (port: number): string => `http://${TEST_LAN_HOST}:${port}/`;

/** A context whose socket connections the test bridge takes for a phone at `peer`, in a phone-sized window. */
export async function phoneContext(browser: Browser, port: number, peer: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: TEST_PEER_COOKIE, value: peer, url: phoneUrl(port) }]);
  return context;
}
