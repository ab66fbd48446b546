import type { Browser, BrowserContext } from 'playwright-core';
import { TEST_PEER_COOKIE } from './web-daemon.js';

/** A context whose socket connections the test bridge takes for a phone at `peer`. */
export async function phoneContext(browser: Browser, port: number, peer: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: TEST_PEER_COOKIE, value: peer, url: `http://127.0.0.1:${port}` }]);
  return context;
}
