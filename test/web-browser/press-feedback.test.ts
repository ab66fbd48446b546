import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { actionButton, expectedLights, openAdminPage, sceneButton, waitForLights, waitForText } from './helpers/pad-page.js';
import { recordSentMessages } from '../helpers/chromium.js';
import { markAndColour } from './helpers/pad-measures.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import { padTestbed } from './helpers/pad-testbed.js';
import type { WebDaemon } from './helpers/web-daemon.js';

const REVIEWER = makeIdentity('claude', 'reviewer-1');
const BUILDER = makeIdentity('codex', 'builder-1');

const bed = padTestbed();
const { browser, liveView, subscribe } = bed;
let daemon: WebDaemon;

/** The admin page with the reviewer selected and its lights drawn, recording what the page sends. */
async function reviewerSelected(): Promise<{ page: Page; sent: Record<string, unknown>[] }> {
  const page = await (await browser().newContext()).newPage();
  const sent = recordSentMessages(page);
  await page.goto(daemon.adminUrl);
  await waitForText(page, '#status', 'Connected');
  await waitForText(page, '#legend', 'Reviewer');
  await sceneButton(page, 0).click();
  await waitForText(page, '#selected-agent', 'Reviewer · Scene 1');
  await waitForLights(page, expectedLights(liveView()));
  return { page, sent };
}

const actionsSent = (sent: Record<string, unknown>[]) => sent.filter((message) => message['type'] === 'action');

describe('press feedback in headless Chromium', () => {
  it('a one-shot approval: the button goes dark at once, a double click sends one action, the page says whom it reached', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'Reviewer' }, reply: true });
    const approver = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject'], requestId: 'perm-1', oneShot: true });
    const { page, sent } = await reviewerSelected();
    expect(await actionButton(page, 'approve').isEnabled()).toBe(true);

    await actionButton(page, 'approve').dblclick();
    expect(await approver.receive(10_000)).toEqual({ action: 'approve', agent: REVIEWER, requestId: 'perm-1' });
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');
    expect(await page.locator('#press-feedback').getAttribute('data-tone')).toBe('done');
    // The request is consumed: Approve and Reject are dark on the page as on every surface.
    expect(liveView().availableActions.size).toBe(0);
    await waitForLights(page, expectedLights(liveView()));
    expect(await actionButton(page, 'approve').isDisabled()).toBe(true);
    expect(await actionButton(page, 'reject').isDisabled()).toBe(true);
    expect(actionsSent(sent)).toEqual([{ protocol: 1, type: 'action', action: 'approve' }]);

    // A key for a dark action sends nothing and says why.
    await page.keyboard.press('a');
    await waitForText(page, '#press-feedback', 'Approve: nothing is waiting for it.');
    expect(actionsSent(sent)).toHaveLength(1);
  });

  it('the button is dark between the press and the answer (shown as sent), then the truth returns', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'Reviewer' }, reply: true });
    // A listener that keeps offering approve (like `pad-lattice listen-actions`).
    const listener = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject'] });
    const { page, sent } = await reviewerSelected();
    // The click handler disables the button before the event loop runs again.
    const disabledRightAfterClick = await actionButton(page, 'approve').evaluate((button) => {
      (button as unknown as { click(): void }).click();
      return [(button as unknown as { disabled: boolean }).disabled, (button as unknown as { className: string }).className];
    });
    expect(disabledRightAfterClick[0]).toBe(true);
    expect(disabledRightAfterClick[1]).toContain('sending');
    expect(await listener.receive(10_000)).toMatchObject({ action: 'approve' });
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');
    // This listener still offers approve, so the next frame lights it again: a second press is a deliberate one.
    await waitForLights(page, expectedLights(liveView()));
    expect(await actionButton(page, 'approve').isEnabled()).toBe(true);
    expect(actionsSent(sent)).toHaveLength(1);
  });

  it('Stop names the agent it reached; during the Demo a press is the Demo’s', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('running', { agent: BUILDER, metadata: { label: 'Builder' }, reply: true });
    const stopper = await subscribe({ agent: BUILDER, actions: ['stop'] });
    const page = await openAdminPage(browser(), daemon.adminUrl);
    await waitForText(page, '#selected-agent', 'Builder · Scene 1');
    await waitForLights(page, expectedLights(liveView()));
    await page.keyboard.press('s');
    expect(await stopper.receive(10_000)).toMatchObject({ action: 'stop', agent: BUILDER });
    await waitForText(page, '#press-feedback', 'Stop sent · Builder');

    await page.locator('#start-demo').click();
    await waitForText(page, '#experience-headline', 'The Reviewer needs you.');
    await page.keyboard.press('2');
    await waitForText(page, '#experience-headline', 'Approve the review.');
    await page.keyboard.press('a');
    await waitForText(page, '#press-feedback', 'Approve went to the Demo');
  });
});

describe('the feedback line in headless Chromium: only while it still applies', () => {
  const feedback = (page: Page) => page.locator('#press-feedback');
  /** The line is gone: empty (and so not shown). */
  const cleared = async (page: Page) => {
    await expect.poll(() => feedback(page).textContent(), { timeout: 10_000 }).toBe('');
    expect(await feedback(page).isHidden()).toBe(true);
  };

  it('"Approved" clears when the agent’s state changes; Reject reads red with ✕, Stop without colour', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'Reviewer' }, reply: true });
    const listener = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject', 'stop'] });
    const { page } = await reviewerSelected();
    await actionButton(page, 'approve').click();
    expect(await listener.receive(10_000)).toMatchObject({ action: 'approve' });
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');
    await daemon.client.reportState('running', { agent: REVIEWER, reply: true });
    await cleared(page);

    /** The reviewer in `state`, its lights drawn, then `action` pressed: what the line says, and how. */
    const pressIn = async (state: 'waiting_for_approval' | 'running', action: 'reject' | 'stop', text: string) => {
      await daemon.client.reportState(state, { agent: REVIEWER, reply: true });
      await waitForLights(page, expectedLights(liveView()));
      await actionButton(page, action).click();
      expect(await listener.receive(10_000)).toMatchObject({ action });
      await waitForText(page, '#press-feedback', text);
      return markAndColour(feedback(page));
    };
    expect(await pressIn('waiting_for_approval', 'reject', 'Rejected · Reviewer')).toEqual({ mark: '"✕ "', colour: 'rgb(239, 91, 100)' });
    expect(await pressIn('running', 'stop', 'Stop sent · Reviewer')).toEqual({ mark: 'none', colour: 'rgb(232, 237, 241)' });
  });

  it('"Approved" clears under the agent’s next request, even in the same state; "Stop sent" clears when the agent leaves', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'Reviewer' }, reply: true });
    const first = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject'], requestId: 'r-1', oneShot: true });
    await first.describe({ agent: REVIEWER, requestId: 'r-1', tool: 'Bash', detail: 'npm test' }, 2_000);
    const { page } = await reviewerSelected();
    await waitForText(page, '#approval-detail', 'npm test');
    await actionButton(page, 'approve').click();
    await waitForText(page, '#press-feedback', 'Approved · Reviewer');
    // The request is answered and gone; the line stays, it is still true.
    await page.waitForSelector('#prompt-panel', { state: 'hidden' });
    expect(await feedback(page).textContent()).toBe('Approved · Reviewer');
    // Same agent, same state, a new request: "Approved" would seem to be about it.
    const second = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject'], requestId: 'r-2', oneShot: true });
    await second.describe({ agent: REVIEWER, requestId: 'r-2', tool: 'Bash', detail: 'rm -rf build' }, 2_000);
    await waitForText(page, '#approval-detail', 'rm -rf build');
    await cleared(page);

    await daemon.client.reportState('running', { agent: BUILDER, metadata: { label: 'Builder' }, reply: true });
    await subscribe({ agent: BUILDER, actions: ['stop'] });
    await sceneButton(page, 1).click();
    await waitForText(page, '#selected-agent', 'Builder · Scene 2');
    await waitForLights(page, expectedLights(liveView()));
    await page.keyboard.press('s');
    await waitForText(page, '#press-feedback', 'Stop sent · Builder');
    await daemon.client.endSession(BUILDER);
    await cleared(page);
  });

  it('"Answered" clears under a later rm -rf approval', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_reply', { agent: REVIEWER, metadata: { label: 'work' }, reply: true });
    const question = await daemon.client.askQuestions({ agent: REVIEWER, requestId: 'q-1', questions: [LICENSE_QUESTION] });
    try {
      const page = await openAdminPage(browser(), daemon.adminUrl);
      await page.locator('#prompt-panel button.option[data-option="1"]').click();
      expect(await question.receive(10_000)).toMatchObject({ option: 0 });
      await waitForText(page, '#press-feedback', 'Answered · work');
      await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, reply: true });
      const approval = await subscribe({ agent: REVIEWER, actions: ['approve', 'reject'], requestId: 'r-9', oneShot: true });
      await approval.describe({ agent: REVIEWER, requestId: 'r-9', tool: 'Bash', detail: 'rm -rf ~/work' }, 2_000);
      await waitForText(page, '#approval-detail', 'rm -rf');
      await cleared(page);
    } finally {
      await question.close();
    }
  });

  it('a line about one agent clears when another is selected', async () => {
    daemon = await bed.start();
    await daemon.client.reportState('waiting_for_approval', { agent: REVIEWER, metadata: { label: 'Reviewer' }, reply: true });
    await daemon.client.reportState('running', { agent: BUILDER, metadata: { label: 'Builder' }, reply: true });
    const { page } = await reviewerSelected();
    await page.keyboard.press('r');
    await waitForText(page, '#press-feedback', 'Reject: nothing is waiting for it.');
    await sceneButton(page, 1).click();
    await waitForText(page, '#selected-agent', 'Builder · Scene 2');
    await cleared(page);
  });
});
