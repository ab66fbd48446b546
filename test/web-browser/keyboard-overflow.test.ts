import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { expectedLights, openAdminPage, sceneButton, waitForLights, waitForText } from './helpers/pad-page.js';
import { padTestbed } from './helpers/pad-testbed.js';
import type { WebDaemon } from './helpers/web-daemon.js';

const bed = padTestbed();
const { browser, liveView } = bed;
let daemon: WebDaemon;

const agent = (name: string) => makeIdentity('codex', name);
const selectedLabel = async () => (await daemon.client.status()).sessions.find((session) => session.selected)?.label;

async function report(names: readonly string[], state: 'running' | 'waiting_for_approval' = 'running'): Promise<void> {
  for (const name of names) await daemon.client.reportState(state, { agent: agent(name), metadata: { label: name }, reply: true });
}

describe('keyboard and accessible names in headless Chromium', () => {
  it('every control has a role and a name; 1–8 select, A approves, and the legend lists the keys', async () => {
    daemon = await bed.start();
    await report(['builder']);
    await report(['Reviewer'], 'waiting_for_approval');
    const subscription = await bed.subscribe({ agent: agent('Reviewer'), actions: ['approve', 'reject'], requestId: 'r', oneShot: true });
    const page = await openAdminPage(browser(), daemon.adminUrl);
    await waitForText(page, '#legend', 'Reviewer');

    for (const name of ['Approve', 'Reject', 'Retry', 'Stop', 'Start Demo', 'Start Show', 'Select Reviewer', 'Select builder', 'Scene 2: Reviewer']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(1);
    }
    expect(await page.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('img', { name: 'No agents without a Scene' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve' }).getAttribute('aria-keyshortcuts')).toBe('A');
    const legend = (await page.locator('#keyboard-help').textContent())!.replace(/\s+/g, ' ');
    for (const entry of ['1–8 select a Scene', '0 an agent without a Scene', 'A Approve', 'R Reject', 'T Retry', 'S Stop']) expect(legend).toContain(entry);
    expect(await page.locator('#keyboard-help').isVisible()).toBe(true);

    await page.keyboard.press('2');
    await page.locator('#pad .rail-right button[aria-current="true"]', { hasText: '2' }).waitFor();
    expect(await selectedLabel()).toBe('Reviewer');
    await waitForLights(page, expectedLights(liveView()));
    await page.keyboard.press('a');
    expect(await subscription.receive(10_000)).toMatchObject({ action: 'approve', requestId: 'r' });
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');

    await page.keyboard.press('1');
    await page.getByRole('button', { name: 'Select builder, Scene 1, running, selected' }).waitFor();
    await page.keyboard.press('7');
    await waitForText(page, '#press-feedback', 'Scene 7 is empty.');
    expect(await selectedLabel()).toBe('builder');
  });

  it('empty Scenes are flat and unnumbered; the overflow light is a light, not a button', async () => {
    daemon = await bed.start();
    await report(['one', 'two', 'three']);
    const page = await openAdminPage(browser(), daemon.adminUrl);
    await waitForText(page, '#legend', 'three');
    for (let slot = 0; slot < 8; slot += 1) {
      const scene = sceneButton(page, slot);
      expect(await scene.textContent()).toBe(slot < 3 ? String(slot + 1) : '');
      expect(await scene.getAttribute('class')).toMatch(slot < 3 ? /^(?!.*\bempty\b)/ : /\bempty\b/);
      expect(await scene.isDisabled()).toBe(slot >= 3);
    }
    const overflow = page.locator('#pad .rail-top .overflow');
    expect(await overflow.evaluate((light) => light.tagName)).toBe('DIV');
    expect(await overflow.textContent()).toBe('');
    expect(await page.locator('#pad .rail-top button').count()).toBe(4);
  });
});

describe('agents without a Scene in headless Chromium', () => {
  it('are listed, and selecting one (by click or 0) gives it a Scene and says so; the pad and the daemon agree', async () => {
    daemon = await bed.start();
    const names = Array.from({ length: 10 }, (_, i) => `agent-${i + 1}`);
    await report(names);
    const page = await openAdminPage(browser(), daemon.adminUrl);
    await page.locator('#overflow-panel').waitFor();
    await page.getByRole('img', { name: '2 agents without a Scene' }).waitFor();
    expect(await page.locator('#pad .rail-top .top-cell', { has: page.locator('.overflow') }).textContent()).toBe('2 more');
    const waiting = (await daemon.client.status()).sessions.filter((session) => session.slot === null).map((session) => session.label);
    expect(waiting).toHaveLength(2);
    await waitForText(page, '#overflow-list', waiting[0]!);
    await waitForText(page, '#overflow-list', waiting[1]!);

    const chosen = waiting[0]!;
    await page.getByRole('button', { name: `Select ${chosen}, no Scene` }).click();
    await waitForText(page, '#press-feedback', `Selected · ${chosen} (now on Scene`);
    const status = await daemon.client.status();
    const session = status.sessions.find((candidate) => candidate.label === chosen)!;
    expect(session.selected).toBe(true);
    expect(session.slot).not.toBeNull();
    expect(status.overflowCount).toBe(2);
    await waitForText(page, '#selected-agent', `${chosen} · Scene ${session.slot! + 1}`);
    await waitForLights(page, expectedLights(liveView()));

    const next = liveView().overflow![0]!.label;
    await page.keyboard.press('0');
    await waitForText(page, '#press-feedback', `Selected · ${next}`);
    expect(await selectedLabel()).toBe(next);
    expect(daemon.handle.runtime.plane.invariantViolations()).toEqual([]);
  });
});
