import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { chromiumForFile } from '../helpers/chromium.js';
import { actionButton, openAdminPage, sceneButton, waitForText } from './helpers/pad-page.js';
import { startWebDaemon, type WebDaemon } from './helpers/web-daemon.js';

const AGENT = makeIdentity('codex', 'waiting-1');

const browser = chromiumForFile();
let daemon: WebDaemon;

afterEach(async () => {
  expect(await daemon.stop()).toBe(0);
});

const openAdmin = (): Promise<Page> => openAdminPage(browser(), daemon.adminUrl);

const playing = async () => (await daemon.client.status()).experience;

describe('Demo and Show from the admin page, through the daemon', () => {
  it('Start Demo plays the packaged Demo on the pad; Scene and Approve taps advance it; Stop returns to the live view', async () => {
    daemon = await startWebDaemon();
    const page = await openAdmin();
    await page.locator('#start-demo').click();
    await waitForText(page, '#experience-headline', 'The Reviewer needs you.');
    expect(await page.locator('#experience-eyebrow').textContent()).toBe('Three Agents, One Surface');
    expect(await page.locator('#experience-state').textContent()).toBe('Playing Demo');
    for (const label of ['Builder', 'Reviewer', 'Tests']) await waitForText(page, '#legend', label);
    expect(await playing()).toBe('demo');
    expect(await page.locator('#start-demo').isHidden()).toBe(true);

    await sceneButton(page, 1).click();
    await waitForText(page, '#experience-headline', 'Approve the review.');
    expect(await page.locator('#experience-detail').textContent()).not.toBe('');
    await actionButton(page, 'approve').click();
    await waitForText(page, '#experience-headline', 'The Tests need attention.');

    await page.locator('#stop-experience').click();
    await page.locator('#start-demo').waitFor();
    await page.locator('#legend-empty').waitFor();
    expect(await page.locator('#experience-state').textContent()).toBe('Ready');
    expect(await playing()).toBeNull();
  });

  it('Start Show paints the full-surface frames with every button disabled; Stop ends it', async () => {
    daemon = await startWebDaemon();
    const page = await openAdmin();
    await page.locator('#start-show').click();
    await page.locator('#pad.showing').waitFor({ timeout: 10_000 });
    await waitForText(page, '#experience-eyebrow', 'The Night Shift');
    await waitForText(page, '#experience-state', 'Playing Show');
    expect(await page.locator('#stop-experience').getAttribute('class')).toContain('danger');
    expect(await playing()).toBe('show');
    for (const action of ['approve', 'reject', 'retry', 'stop'] as const) expect(await actionButton(page, action).isDisabled()).toBe(true);
    expect(await sceneButton(page, 0).isDisabled()).toBe(true);

    await page.locator('#stop-experience').click();
    await page.locator('#pad:not(.showing)').waitFor();
    await page.locator('#start-show').waitFor();
    expect(await playing()).toBeNull();
  });

  it('while an agent waits the badge says Agent waiting, a start is refused with the spec reason, and an agent that starts waiting preempts the Demo', async () => {
    daemon = await startWebDaemon();
    const page = await openAdmin();
    expect(await page.locator('#experience-state').textContent()).toBe('Ready');
    await daemon.client.reportState('waiting_for_reply', { agent: AGENT, metadata: { label: 'asker' }, reply: true });
    await waitForText(page, '#legend', 'asker');
    // Before anyone presses Start, the badge already says what the daemon would answer, and why.
    await waitForText(page, '#experience-state', 'Agent waiting');
    expect(await page.locator('#experience-state').getAttribute('data-state')).toBe('blocked');
    expect(await page.locator('#experience-note').textContent()).toContain('Start would be refused: an agent is waiting for approval or a reply.');
    await page.locator('#start-demo').click();
    await waitForText(page, '#experience-note', 'An agent is waiting for approval or a reply.');
    expect(await page.locator('#experience-state').textContent()).toBe('Agent waiting');
    expect(await playing()).toBeNull();

    await daemon.client.reportState('running', { agent: AGENT, reply: true });
    await waitForText(page, '#experience-state', 'Not started');
    await page.locator('#start-demo').click();
    await waitForText(page, '#experience-headline', 'The Reviewer needs you.');
    await daemon.client.reportState('waiting_for_approval', { agent: AGENT, reply: true });
    // Operational state wins: the Demo ends and the waiting agent is back on the pad.
    await page.locator('#start-demo').waitFor();
    await waitForText(page, '#legend', 'asker');
    expect(await playing()).toBeNull();
  });
});
