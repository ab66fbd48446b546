import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { tempFolder } from '../e2e/helpers.js';
import { chromiumForFile, recordSentMessages } from '../helpers/chromium.js';
import { openAdminPage, waitForText } from './helpers/pad-page.js';
import { startPadCommand, type WebDaemon } from './helpers/web-daemon.js';

const browser = chromiumForFile();
const running: WebDaemon[] = [];
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const daemon of running.splice(0)) expect(await daemon.stop()).toBe(0);
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A port nobody listens on right now, so two daemons in a row can use the same one (the page's origin). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function web(stateDir: string, port: number, extra: string[] = []): Promise<WebDaemon> {
  const daemon = await startPadCommand('web', ['--no-open', '--port', String(port), ...extra], { stateDir });
  running.push(daemon);
  return daemon;
}

async function stop(daemon: WebDaemon): Promise<void> {
  running.splice(running.indexOf(daemon), 1);
  expect(await daemon.stop()).toBe(0);
}

function stateFolder(): string {
  const { dir, remove } = tempFolder('pl-restart-');
  cleanups.push(remove);
  return dir;
}

describe('an open admin tab across daemon restarts, in headless Chromium', () => {
  it('reconnects by itself with the kept token and shows the agents again, without a reload', async () => {
    const dir = stateFolder();
    const port = await freePort();
    const first = await web(dir, port);
    await first.client.reportState('running', { agent: makeIdentity('codex', 'b'), metadata: { label: 'before restart' }, reply: true });
    const page = await openAdminPage(browser(), first.adminUrl);
    const sent = recordSentMessages(page);
    await waitForText(page, '#legend', 'before restart');
    await page.evaluate('window.padLatticeSameDocument = true');

    await stop(first);
    await waitForText(page, '#status', 'Reconnecting…');
    expect(await page.locator('#connection-detail').textContent()).toContain('reconnects by itself');

    const second = await web(dir, port);
    expect(second.adminUrl).toBe(first.adminUrl);
    await second.client.reportState('running', { agent: makeIdentity('codex', 'a'), metadata: { label: 'after restart' }, reply: true });
    await waitForText(page, '#status', 'Connected', 30_000);
    await waitForText(page, '#legend', 'after restart');
    expect(await page.evaluate('window.padLatticeSameDocument')).toBe(true);
    // The tab presented the token it kept in local storage.
    expect(sent.filter((message) => message['type'] === 'authenticate').at(-1)).toMatchObject({
      credential: new URL(first.adminUrl).hash.slice('#admin='.length),
    });
  });

  it('after --new-token the open tab explains how to get the new link instead of asking for a PIN', async () => {
    const dir = stateFolder();
    const port = await freePort();
    const first = await web(dir, port);
    const page = await openAdminPage(browser(), first.adminUrl);
    await stop(first);
    await waitForText(page, '#status', 'Reconnecting…');

    const second = await web(dir, port, ['--new-token']);
    expect(second.adminUrl).not.toBe(first.adminUrl);
    await waitForText(page, '#status', 'Open the admin link', 30_000);
    expect(await page.locator('#connection-detail').textContent()).toContain('pad-lattice web --print-link');
    expect(await page.locator('#pin-panel').isHidden()).toBe(true);
    expect(await page.locator('#error').textContent()).toBe('');

    // The new link works in the same tab.
    await page.goto(second.adminUrl);
    await waitForText(page, '#status', 'Connected');
  });
});
