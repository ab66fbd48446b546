import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QuestionRequest } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { DESKTOP, actionButton, openAdminPageSized, saveScreenshot, waitForText } from './helpers/pad-page.js';
import { padTestbed } from './helpers/pad-testbed.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import type { WebDaemon } from './helpers/web-daemon.js';

/*
 * README "Questions and approval details" on the admin page in headless
 * Chromium: what a pending approval is for (redacted) beside Approve and
 * Reject, and a question whose numbered options answer it. Screenshots go to
 * test-output/web-browser/.
 */

const CLAUDE = makeIdentity('claude', 'worker-1');
const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';

const bed = padTestbed();
const { browser } = bed;
let daemon: WebDaemon;

const openAdmin = (): Promise<Page> => openAdminPageSized(browser(), daemon.adminUrl, DESKTOP);

describe('browser pad in headless Chromium: what the selected agent asks', () => {
  it('shows the command of a pending Bash approval with its token redacted, and its tier, beside Approve and Reject', async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    await daemon.client.reportState('waiting_for_approval', { agent: CLAUDE, metadata: { label: 'worker' } });
    const subscription = await bed.subscribe({ agent: CLAUDE, actions: ['approve', 'reject'], requestId: 'r-1', oneShot: true });
    // What the Claude and Codex hooks send: the tool and its command (they redact it first too; this client does not).
    await subscription.describe(
      { agent: CLAUDE, requestId: 'r-1', tool: 'Bash', detail: `curl -H "Authorization: Bearer ${TOKEN}" https://api.github.com/user/repos && rm -rf build` },
      2_000,
    );
    await waitForText(page, '#approval-detail', 'api.github.com');
    const shown = (await page.locator('#approval-detail').textContent()) ?? '';
    expect(shown).toContain('curl -H "Authorization: Bearer [REDACTED]" https://api.github.com/user/repos && rm -rf build');
    expect(shown).not.toContain('ghp_');
    expect(await page.locator('#approval-tier').textContent()).toBe('Destructive');
    expect(await page.locator('#prompt-panel .approval-tool').textContent()).toBe('Bash');
    expect(await page.content()).not.toContain(TOKEN);
    expect(await actionButton(page, 'approve').isDisabled()).toBe(false);
    await saveScreenshot(page, 'approval-details');

    await actionButton(page, 'approve').click();
    expect(await subscription.receive(10_000)).toMatchObject({ action: 'approve', requestId: 'r-1' });
    await page.waitForSelector('#prompt-panel', { state: 'hidden' });
  });

  it('shows a command of two lines on two lines, in the destructive tier of its second line', async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    await daemon.client.reportState('waiting_for_approval', { agent: CLAUDE, metadata: { label: 'worker' } });
    const subscription = await bed.subscribe({ agent: CLAUDE, actions: ['approve', 'reject'], requestId: 'r-2', oneShot: true });
    await subscription.describe({ agent: CLAUDE, requestId: 'r-2', tool: 'Bash', detail: 'git status\nrm -rf ~/work' }, 2_000);
    await waitForText(page, '#approval-detail', 'rm -rf');
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is what the page renders; a line break there is one the user sees.
    expect(await page.locator('#approval-detail').innerText()).toBe('git status\nrm -rf ~/work');
    expect(await page.locator('#approval-tier').textContent()).toBe('Destructive');
    await saveScreenshot(page, 'approval-two-lines');
    await subscription.close();
  });

  it('shows a question with its numbered options; a click on the second answers it once, and the pads carry the numbers', async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    await daemon.client.reportState('waiting_for_reply', { agent: CLAUDE, metadata: { label: 'worker' } });
    const request: QuestionRequest = await daemon.client.askQuestions({
      agent: CLAUDE,
      requestId: 'q-1',
      questions: [LICENSE_QUESTION],
    });
    try {
      await waitForText(page, '#prompt-panel', 'Which license should the project use?');
      expect(await page.locator('#prompt-heading').textContent()).toBe('License');
      expect(await page.locator('#prompt-panel .option-label').allTextContents()).toEqual(['MIT', 'Apache-2.0', 'GPL-3.0']);
      // The option numbers stand on the pads of the glyph area, top down in its middle column.
      const numbered = await page
        .locator('#pad .matrix .light.pad')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent).filter((text) => text !== ''));
      expect(numbered).toEqual(['1', '2', '3']);
      await saveScreenshot(page, 'question-options');

      await page.locator('#prompt-panel button.option[data-option="2"]').click();
      expect(await request.receive(10_000)).toEqual({ agent: CLAUDE, requestId: 'q-1', question: 0, option: 1 });
      await waitForText(page, '#press-feedback', 'Answered · worker');
      await page.waitForSelector('#prompt-panel', { state: 'hidden' });
    } finally {
      await request.close();
    }
  });
});
