import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { DESKTOP, PHONE, openAdminPageSized, saveScreenshot, waitForText } from './helpers/pad-page.js';
import { phoneContext, phoneUrl } from './helpers/phone-context.js';
import { padTestbed } from './helpers/pad-testbed.js';

/*
 * The page as a first-time user sees it, at 1280×800 and at a phone's
 * 390×844. Each case writes test-output/web-browser/<name>.png (looked at by
 * a person when the layout changes) and checks what a screenshot cannot
 * prove by itself: nothing scrolls sideways, the pad and the line under it
 * fit in the window, the top-rail captions do not run into each other.
 */

const bed = padTestbed();
const SIZES = { desktop: DESKTOP, phone: PHONE } as const;

/** Bottom edge of `selector` relative to the top of the page. */
const bottomOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not shown`);
  return box.y + box.height;
};

async function expectCaptionsApart(page: Page): Promise<void> {
  const boxes = await page.locator('#pad .rail-top .caption').evaluateAll((captions) =>
    captions.map((caption) => {
      const range = (
        caption as unknown as {
          ownerDocument: { createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): { left: number; right: number } } };
        }
      ).ownerDocument.createRange();
      range.selectNodeContents(caption);
      const rect = range.getBoundingClientRect();
      return { left: rect.left, right: rect.right, text: (caption as unknown as { textContent: string }).textContent };
    }),
  );
  const shown = boxes.filter((box) => box.text !== '');
  for (let i = 1; i < shown.length; i += 1) expect(shown[i]!.left, `${shown[i - 1]!.text} / ${shown[i]!.text}`).toBeGreaterThanOrEqual(shown[i - 1]!.right);
}

describe.each(Object.entries(SIZES))('the browser pad at %s size', (name, viewport) => {
  it('live: agents beyond the Scenes, the reviewer selected and approved', async () => {
    const daemon = await bed.start();
    for (let n = 1; n <= 9; n += 1)
      await daemon.client.reportState('running', { agent: makeIdentity('codex', `a${n}`), metadata: { label: `agent ${n}` }, reply: true });
    const reviewer = makeIdentity('claude', 'r');
    await daemon.client.reportState('waiting_for_approval', { agent: reviewer, metadata: { label: 'Reviewer' }, reply: true });
    await bed.subscribe({ agent: reviewer, actions: ['approve', 'reject'], requestId: 'q', oneShot: true });
    const page = await openAdminPageSized(bed.browser(), daemon.adminUrl, viewport);
    await waitForText(page, '#legend', 'Reviewer');
    await page.getByRole('button', { name: 'Select Reviewer' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');
    await page.locator('#overflow-list li').first().waitFor();
    await saveScreenshot(page, `live-${name}`);
    expect(await bottomOf(page, '#press-feedback')).toBeLessThanOrEqual(viewport.height);
    await expectCaptionsApart(page);
    expect(await page.locator('#keyboard-help').isVisible()).toBe(name === 'desktop');
  });

  it('a visit without the admin token', async () => {
    const daemon = await bed.start();
    const page = await (await bed.browser().newContext({ viewport })).newPage();
    await page.goto(`http://127.0.0.1:${daemon.port}/`);
    await waitForText(page, '#status', 'Open the admin link');
    await saveScreenshot(page, `no-token-${name}`);
    expect(await bottomOf(page, '#connection')).toBeLessThanOrEqual(viewport.height / 2);
  });

  it('the Demo and the Show playing', async () => {
    const daemon = await bed.start();
    const page = await openAdminPageSized(bed.browser(), daemon.adminUrl, viewport);
    await page.getByRole('button', { name: 'Start Demo' }).click();
    await waitForText(page, '#experience-headline', 'The Reviewer needs you.');
    await page.keyboard.press('2');
    await waitForText(page, '#experience-headline', 'Approve the review.');
    await saveScreenshot(page, `demo-${name}`);
    await page.getByRole('button', { name: 'Stop' }).last().click();
    await page.getByRole('button', { name: 'Start Show' }).click();
    await page.locator('#pad.showing').waitFor({ timeout: 10_000 });
    await waitForText(page, '#experience-state', 'Playing Show');
    // Past the dark prologue, so the picture shows the Show's colours.
    const firstCaption = await page.locator('#experience-headline').textContent();
    const headline = page.locator('#experience-headline');
    await expect.poll(() => headline.textContent(), { timeout: 20_000 }).not.toMatch(new RegExp(`^(|Starting…|${firstCaption})$`));
    await saveScreenshot(page, `show-${name}`);
    await expectCaptionsApart(page);
  });
});

describe('a phone on the LAN', () => {
  it('asks for the PIN, then shows the same pad without admin controls', async () => {
    const daemon = await bed.start({ lanOnLoopback: true });
    const pin = /pairing PIN (\d{6})/.exec(daemon.stdout())![1]!;
    await daemon.client.reportState('waiting_for_reply', { agent: makeIdentity('codex', 'q'), metadata: { label: 'asks a question' }, reply: true });
    const phone = await (await phoneContext(bed.browser(), daemon.port, '192.168.77.30')).newPage();
    await phone.goto(phoneUrl(daemon.port));
    await waitForText(phone, '#status', 'Not paired yet');
    await saveScreenshot(phone, 'phone-pairing');
    await phone.locator('#pin').fill(pin);
    await phone.getByRole('button', { name: 'Connect' }).click();
    await waitForText(phone, '#status', 'Connected');
    await waitForText(phone, '#legend', 'asks a question');
    await saveScreenshot(phone, 'phone-paired');
    expect(await phone.locator('#experience-panel').isHidden()).toBe(true);
  });
});
