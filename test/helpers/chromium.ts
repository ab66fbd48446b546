import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fixture } from './fixture.js';

/** The LAN host name test bridges advertise; Chromium resolves it to loopback. */
export const TEST_LAN_HOST = 'pad-host.local';

/** Debian's Chromium; CI installs it with apt. Playwright's own browser downloads are never used. */
export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Phone pages open the test bridge under its advertised LAN name, so the page knows it is not on this computer.
  `--host-resolver-rules=MAP ${TEST_LAN_HOST} 127.0.0.1`,
];

/**
 * Headless Chromium. Missing is a failure, not a skip: these tests are the
 * only proof that the pad works in a real browser. Every launch gets a fresh
 * temporary profile (user-data dir) that closing the browser deletes; every
 * context is a separate, empty browser profile on top of it.
 */
export async function launchChromium(executablePath = CHROMIUM): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} is missing: install Debian's Chromium with "apt-get install -y chromium" (do not run "playwright install")`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * One Chromium for all tests of the calling file: launched before them,
 * closed after them. Call at the file's top level; the returned function
 * gives the running browser.
 */
export function chromiumForFile(): () => Browser {
  return fixture(
    'all',
    () => launchChromium(),
    (browser) => browser.close(),
    60_000,
  );
}

/** Every WebSocket message a page received, parsed, in order. */
export const recordSocketMessages = (page: Page): Record<string, unknown>[] => recordFrames(page, 'framereceived');

/** Every WebSocket message a page sent, parsed, in order. */
export const recordSentMessages = (page: Page): Record<string, unknown>[] => recordFrames(page, 'framesent');

function recordFrames(page: Page, direction: 'framereceived' | 'framesent'): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [];
  page.on('websocket', (socket) => {
    const keep = (frame: { payload: string | Buffer }) => {
      if (typeof frame.payload === 'string') messages.push(JSON.parse(frame.payload) as Record<string, unknown>);
    };
    if (direction === 'framesent') socket.on('framesent', keep);
    else socket.on('framereceived', keep);
  });
  return messages;
}
