import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ActionSubscription } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { recordSocketMessages } from '../helpers/chromium.js';
import { SCREENSHOTS, actionButton, expectedLights, openAdminPage, sceneButton, waitForLights, waitForText } from './helpers/pad-page.js';
import { padTestbed } from './helpers/pad-testbed.js';
import type { WebDaemon } from './helpers/web-daemon.js';

const BUILDER = makeIdentity('codex', 'builder-1');
const REVIEWER = makeIdentity('claude', 'reviewer-1');

const bed = padTestbed();
const { browser, liveView } = bed;
let daemon: WebDaemon;

const openAdmin = (): Promise<Page> => openAdminPage(browser(), daemon.adminUrl);

/** Two agents: a builder at work and a reviewer asking for approval, subscribed with a request id. */
async function twoAgents(): Promise<ActionSubscription> {
  await daemon.client.reportState('running', { agent: BUILDER, metadata: { label: 'builder' } });
  await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'reviewer' }, reply: true });
  return bed.subscribe({ agent: REVIEWER, actions: ['approve', 'reject'], requestId: 'req-approve-7' });
}

describe('browser pad in headless Chromium: the admin page of `pad-lattice web`', () => {
  it("shows the agents' glyphs; a Scene tap and a lit Approve reach the subscribed agent exactly once", async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    const subscription = await twoAgents();
    await waitForText(page, '#legend', 'reviewer');
    await waitForText(page, '#legend', 'builder');

    const reviewerSlot = (await daemon.client.status()).sessions.find((s) => s.identity.sessionId === REVIEWER.sessionId)!.slot!;
    await sceneButton(page, reviewerSlot).click();
    await waitForText(page, '#legend .agent.selected', 'reviewer');
    const view = liveView();
    expect(view.selectedState).toBe('waiting_for_approval');
    expect([...view.availableActions].sort()).toEqual(['approve', 'reject']);
    await waitForLights(page, expectedLights(view));
    expect(await sceneButton(page, reviewerSlot).getAttribute('aria-label')).toBe(`Scene ${reviewerSlot + 1}: reviewer, waiting for approval, selected`);
    expect(await actionButton(page, 'retry').isDisabled()).toBe(true);

    await actionButton(page, 'approve').click();
    expect(await subscription.receive(10_000)).toEqual({ action: 'approve', agent: REVIEWER, requestId: 'req-approve-7' });
    // Reject is still lit; its delivery being the next message proves no second approve came before it.
    await actionButton(page, 'reject').click();
    expect(await subscription.receive(10_000)).toMatchObject({ action: 'reject', requestId: 'req-approve-7' });
  });

  it('writes a screenshot of the live pad under test-output/', async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    await twoAgents();
    await waitForText(page, '#legend', 'reviewer');
    await sceneButton(page, 1).click();
    await waitForText(page, '#legend .agent.selected', 'reviewer');
    await waitForLights(page, expectedLights(liveView()));
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, 'admin-pad.png');
    await page.locator('#pad').screenshot({ path: file });
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: a pad-sized image, not an empty one.
    expect(png.readUInt32BE(16)).toBeGreaterThan(200);
    expect(png.readUInt32BE(20)).toBeGreaterThan(200);
  });

  it('a page on this computer without the admin token receives no state and explains how to get the link, without a PIN form or an error', async () => {
    daemon = await bed.start();
    const admin = await openAdmin();
    const stranger = await (await browser().newContext()).newPage();
    const received = recordSocketMessages(stranger);
    await stranger.goto(`http://127.0.0.1:${daemon.port}/`);
    await waitForText(stranger, '#status', 'Open the admin link');
    expect(await stranger.locator('#connection-detail').textContent()).toContain('pad-lattice web --print-link');
    expect(await stranger.locator('#pin-panel').isHidden()).toBe(true);
    expect(await stranger.locator('#error').textContent()).toBe('');

    await twoAgents();
    // The admin page showing the agents means the daemon has broadcast them.
    await waitForLights(admin, expectedLights(liveView()));
    expect(received.map((message) => [message['type'], message['code']])).toEqual([['error', 'forbidden']]);
    expect(await stranger.locator('#legend li').count()).toBe(0);
    expect(await stranger.locator('#legend-panel').isHidden()).toBe(true);
    expect(await stranger.locator('#experience-panel').isHidden()).toBe(true);
    expect(await stranger.evaluate('localStorage.length')).toBe(0);
  });
});
