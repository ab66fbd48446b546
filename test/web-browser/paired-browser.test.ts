import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { chromiumForFile, recordSocketMessages } from '../helpers/chromium.js';
import { phoneContext, phoneUrl } from './helpers/phone-context.js';
import { expectedLights, padLights, sceneButton, waitForLights, waitForText } from './helpers/pad-page.js';
import { startWebDaemon, type WebDaemon } from './helpers/web-daemon.js';

const PHONE = '192.168.77.20';
const TESTS = makeIdentity('codex', 'tests-1');
const DOCS = makeIdentity('codex', 'docs-1');

const browser = chromiumForFile();
let daemon: WebDaemon;

beforeAll(async () => {
  daemon = await startWebDaemon({ lanOnLoopback: true });
}, 60_000);
afterAll(async () => {
  expect(await daemon?.stop()).toBe(0);
});

async function openPage(url: string, context = browser().newContext()): Promise<Page> {
  const page = await (await context).newPage();
  await page.goto(url);
  return page;
}

describe('browser pad in headless Chromium: a phone paired with the PIN', () => {
  it('pairs with the printed PIN and then shows the same frame as the admin page, without admin controls', async () => {
    const pin = /pairing PIN (\d{6})/.exec(daemon.stdout())?.[1];
    expect(pin, daemon.stdout()).toBeDefined();
    expect(daemon.stdout()).toContain(`Phones and tablets: http://pad-host.local:${daemon.port}`);

    const admin = await openPage(daemon.adminUrl);
    await waitForText(admin, '#status', 'Connected');
    // The admin page receives the startup pairing by replay and shows the same PIN.
    await waitForText(admin, '#pairing-pin', pin!);

    const phone = await openPage(phoneUrl(daemon.port), phoneContext(browser(), daemon.port, PHONE));
    const phoneMessages = recordSocketMessages(phone);
    await phone.locator('#pin-panel').waitFor();
    await phone.locator('#pin').fill(pin!);
    await phone.locator('#pin-panel button[type="submit"]').click();
    await waitForText(phone, '#status', 'Connected');
    expect(phoneMessages.find((message) => message['type'] === 'authenticated')).toMatchObject({ admin: false, lan_enabled: true });
    const stored = await phone.evaluate("localStorage.getItem('pad-lattice-session-token')");
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(phoneMessages.some((message) => message['type'] === 'pairing')).toBe(false);

    await daemon.client.reportState('user_typing', { agent: TESTS, metadata: { label: 'tests' } });
    await daemon.client.reportState('error', { agent: DOCS, metadata: { label: 'docs' }, reply: true });
    const expected = expectedLights(daemon.handle.runtime.plane.surfaceView(0, false));
    await waitForLights(admin, expected);
    await waitForLights(phone, expected);
    expect(await padLights(phone)).toEqual(await padLights(admin));

    // A paired phone is a full operator: its Scene tap moves the selection on every surface.
    await sceneButton(phone, 1).click();
    await waitForText(admin, '#legend .agent.selected', 'docs');
    const afterTap = expectedLights(daemon.handle.runtime.plane.surfaceView(0, false));
    await waitForLights(admin, afterTap);
    await waitForLights(phone, afterTap);

    // Demo and Show controls and the pairing panel are the admin's alone.
    expect(await admin.locator('#experience-controls').isVisible()).toBe(true);
    expect(await admin.locator('#pairing-panel').isVisible()).toBe(true);
    expect(await phone.locator('#experience-controls').isVisible()).toBe(false);
    expect(await phone.locator('#pairing-panel').isVisible()).toBe(false);
  });
});
