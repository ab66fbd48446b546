import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QuestionRequest } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { cssColorForToken, HOLD_FILL_TOKEN } from '../../src/visual-protocol/index.js';
import { DESKTOP, PHONE, actionButton, openAdminPageSized, padLights, saveScreenshot, waitForText } from './helpers/pad-page.js';
import { lineCount, redactionLineCounts } from './helpers/pad-measures.js';
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
  it('shows the command of a pending Bash approval with its token redacted, and its tier, beside Approve and Reject; destructive, it takes a hold', async () => {
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

    // Hold to approve: a destructive command is not approved by a click; the page says so.
    await actionButton(page, 'approve').click();
    await waitForText(page, '#press-feedback', 'Hold to approve');
    await expect(subscription.receive(1_000)).rejects.toThrow();
    // Held down, the fill rises inside the red frame on the page's pad; let go once full, the one request is approved.
    const box = (await actionButton(page, 'approve').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const fill = cssColorForToken(HOLD_FILL_TOKEN);
    const bottomRow = async () => (await padLights(page)).grid[7]!.slice(1, 6);
    await expect.poll(bottomRow, { timeout: 10_000 }).toEqual(new Array(5).fill(fill));
    await expect.poll(async () => (await padLights(page)).grid.filter((row) => row[3] === fill).length, { timeout: 10_000 }).toBe(8);
    await saveScreenshot(page, 'approval-held');
    await page.mouse.up();
    expect(await subscription.receive(10_000)).toMatchObject({ action: 'approve', requestId: 'r-1' });
    await waitForText(page, '#press-feedback', 'Approved · worker');
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
      expect(await request.receive(10_000)).toEqual({ agent: CLAUDE, requestId: 'q-1', question: 0, option: 1, options: [1] });
      await waitForText(page, '#press-feedback', 'Answered · worker');
      await page.waitForSelector('#prompt-panel', { state: 'hidden' });
    } finally {
      await request.close();
    }
  });

  it('a multi-select question: a click toggles an option (on the page and the pads), Send answers with every option chosen', async () => {
    daemon = await bed.start();
    const page = await openAdmin();
    await daemon.client.reportState('waiting_for_reply', { agent: CLAUDE, metadata: { label: 'worker' } });
    const request: QuestionRequest = await daemon.client.askQuestions({
      agent: CLAUDE,
      requestId: 'q-2',
      questions: [{ ...LICENSE_QUESTION, question: 'Which licenses may the vendored code use?', multiSelect: true }],
    });
    try {
      await waitForText(page, '#prompt-panel', 'Which licenses may the vendored code use?');
      expect(await page.locator('#send-answer').isDisabled()).toBe(true);
      const option = (n: number) => page.locator(`#prompt-panel button.option[data-option="${n}"]`);
      await option(1).click();
      await expect.poll(() => option(1).getAttribute('aria-pressed')).toBe('true');
      await option(3).click();
      await option(2).click();
      await option(2).click();
      await expect
        .poll(async () => [
          await option(1).getAttribute('aria-pressed'),
          await option(2).getAttribute('aria-pressed'),
          await option(3).getAttribute('aria-pressed'),
        ])
        .toEqual(['true', 'false', 'true']);
      // The pads agree: chosen options green, the Send pad marked ✓.
      const chosen = cssColorForToken('option:1:on');
      await expect.poll(async () => [(await padLights(page)).grid[0]![3], (await padLights(page)).grid[4]![3]]).toEqual([chosen, chosen]);
      expect(await page.locator('#pad .matrix .light.pad', { hasText: '✓' }).count()).toBe(1);
      await saveScreenshot(page, 'question-multi-select');
      await expect(request.receive(500)).rejects.toThrow();
      await page.locator('#send-answer').click();
      expect(await request.receive(10_000)).toEqual({ agent: CLAUDE, requestId: 'q-2', question: 0, option: 0, options: [0, 2] });
      await page.waitForSelector('#prompt-panel', { state: 'hidden' });
    } finally {
      await request.close();
    }
  });
  it('on a phone, a refusal notice wraps its redacted command around each [REDACTED], never inside one', async () => {
    daemon = await bed.start();
    const page = await openAdminPageSized(browser(), daemon.adminUrl, PHONE);
    await daemon.client.reportState('running', { agent: CLAUDE, metadata: { label: 'worker' } });
    // What Claude Code's auto mode reports when its own check refuses a command: the daemon redacts it.
    // A run with no break opportunity longer than the line, which the browser may break anywhere: only not inside a marker.
    // Ten lengths of its start shift where the breaks fall, so some would land inside a marker.
    for (let pad = 0; pad < 10; pad += 1) {
      const path = `user${'x'.repeat(pad)}`;
      const command = `curl -d name=${path}&token=${TOKEN}&secret=${TOKEN}&key=${TOKEN}&then=done https://ci.example.com`;
      await daemon.client.notice({ agent: CLAUDE, notice: 'denied', tool: 'Bash', detail: command });
      await waitForText(page, '#notice-detail', `name=${path}&`);
      expect(await page.content()).not.toContain(TOKEN);
      expect(await redactionLineCounts(page, '#notice-detail'), path).toEqual([1, 1, 1]);
      expect(await lineCount(page, '#notice-detail')).toBeGreaterThanOrEqual(3);
    }
    // Each marker is one unbreakable piece, as in an approval's command, whatever the browser's line breaker allows.
    const markers = page.locator('#notice-detail .redacted');
    expect(await markers.allTextContents()).toEqual(['[REDACTED]', '[REDACTED]', '[REDACTED]']);
    expect(await markers.first().evaluate((marker) => getComputedStyle(marker).whiteSpace)).toBe('nowrap');
  });
});
