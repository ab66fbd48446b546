import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QuestionRequest } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import { SCREENSHOTS, openAdminPageSized, saveScreenshot, sceneButton, waitForText } from './helpers/pad-page.js';
import {
  boxOf,
  boxesOf,
  captionsOutsideTheirButtons,
  chipsNotInPlainWords,
  lineCount,
  movingStyles,
  protocolWordsShown,
  redactionLineCounts,
  smallest,
} from './helpers/pad-measures.js';
import { padTestbed } from './helpers/pad-testbed.js';
import type { WebDaemon } from './helpers/web-daemon.js';

/*
 * The admin page as an instrument, at a 1440×1000 desktop and a 390×844
 * phone, in four situations (a plain admin view, an approval, a question,
 * agents beyond the Scenes). Each writes test-output/web-browser/pad-*.png
 * and measures what the picture is for: pads and actions big enough to hit,
 * the pad first and whole on a phone, captions inside their buttons, what an
 * approval is for beside Approve and Reject with no `[REDACTED]` broken,
 * plain words, and lights that never move by themselves.
 *
 * `PAD_LATTICE_README_IMAGES=1` also copies the desktop and phone approval
 * pictures into docs/images/ (docs/browser-pad.md says how).
 */

const bed = padTestbed();
const SIZES = {
  desktop: { width: 1440, height: 1000 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

const DOCS_IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
/** Three secrets in one command; at a phone's width it wraps over several lines, so a marker broken across two would show. */
const SECRET_COMMAND = `curl -H "Authorization: Bearer ${TOKEN}" https://api.github.com/user/repos && GITHUB_TOKEN=${TOKEN} gh release create v1 && curl -u deploy:${TOKEN} https://ci.example.com/hook`;

const agent = (name: string) => makeIdentity('codex', name);

/** Three agents at work before the one the picture is about. */
async function team(daemon: WebDaemon): Promise<void> {
  await daemon.client.reportState('running', { agent: agent('builder'), metadata: { label: 'builder' }, reply: true });
  await daemon.client.reportState('user_typing', { agent: agent('docs'), metadata: { label: 'docs' }, reply: true });
  await daemon.client.reportState('waiting_for_reply', { agent: agent('tests'), metadata: { label: 'tests' }, reply: true });
}

/** The checks every situation shares, at either size. */
async function expectAnInstrument(page: Page, size: Size): Promise<void> {
  const viewport = SIZES[size];
  const pads = smallest(await boxesOf(page.locator('#pad .matrix .light')));
  const actions = smallest(await boxesOf(page.locator('#pad .rail-top button.action')));
  const lights = smallest(await boxesOf(page.locator('#pad .rail-top button.action .light')));
  const pad = await boxOf(page.locator('#pad'));
  if (size === 'desktop') {
    expect(pads.width, 'pad width').toBeGreaterThanOrEqual(64);
    expect(pads.height, 'pad height').toBeGreaterThanOrEqual(64);
    expect(lights.width, 'action light').toBeGreaterThanOrEqual(64);
    expect(actions.width, 'action width').toBeGreaterThanOrEqual(64);
    expect(actions.height, 'action height').toBeGreaterThanOrEqual(64);
    // Beside the side pane, not a column in the middle: the pad is on the left half, the pane on the right.
    expect(pad.x + pad.width).toBeLessThanOrEqual((await boxOf(page.locator('#selection'))).x);
  } else {
    expect(actions.width, 'action width').toBeGreaterThanOrEqual(44);
    expect(actions.height, 'action height').toBeGreaterThanOrEqual(44);
    expect(smallest(await boxesOf(page.locator('#pad .rail-right .scene:not(.empty)'))).width, 'Scene button').toBeGreaterThanOrEqual(44);
    // The pad first and whole: under a thin bar, all of it on the first screen, nothing sideways.
    expect(pad.y, 'pad top').toBeLessThanOrEqual(78);
    expect(pad.y + pad.height, 'pad bottom').toBeLessThanOrEqual(viewport.height);
    expect(pad.x).toBeGreaterThanOrEqual(0);
    expect(pad.x + pad.width).toBeLessThanOrEqual(viewport.width);
    expect((await boxOf(page.locator('#connection'))).height, 'connection bar').toBeLessThanOrEqual(32);
  }
  expect(await captionsOutsideTheirButtons(page)).toEqual([]);
  expect(await protocolWordsShown(page)).toEqual([]);
  expect(await chipsNotInPlainWords(page)).toEqual([]);
  expect(await movingStyles(page)).toEqual([]);
}

/** A window-sized picture (what a person sees first) for the README. */
async function saveReadmeImage(page: Page, name: string): Promise<void> {
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  if (process.env['PAD_LATTICE_README_IMAGES'] !== '1') return;
  mkdirSync(DOCS_IMAGES, { recursive: true });
  copyFileSync(file, join(DOCS_IMAGES, `${name}.png`));
}

describe.each(Object.keys(SIZES) as Size[])('the browser pad as an instrument, %s', (size) => {
  const open = (daemon: WebDaemon) => openAdminPageSized(bed.browser(), daemon.adminUrl, SIZES[size]);

  it('admin: the builder selected, Stop pressed on its caption', async () => {
    const daemon = await bed.start();
    await team(daemon);
    const stop = await bed.subscribe({ agent: agent('builder'), actions: ['stop'] });
    const page = await open(daemon);
    await waitForText(page, '#selected-agent', 'builder · Scene 1');
    await page.locator('#pad .rail-top button.action.lit[data-position="7"]').waitFor();
    // The word is part of the button: a press on "Stop" is a press on Stop.
    await page.locator('#pad .rail-top button[data-position="7"] .caption').click();
    expect(await stop.receive(10_000)).toMatchObject({ action: 'stop' });
    await waitForText(page, '#press-feedback', 'Stop sent · builder');
    expect(await page.locator('#press-feedback').getAttribute('data-tone')).toBe('sent');
    expect(await page.locator('#selected-state').textContent()).toBe('Running');
    expect(await page.locator('#selected-state').getAttribute('title')).toBe('running');
    await expectAnInstrument(page, size);
    await saveScreenshot(page, `pad-admin-${size}`);
  });

  it('approval: the command with its secrets redacted, its tier, beside Approve and Reject', async () => {
    const daemon = await bed.start();
    await team(daemon);
    const reviewer = agent('reviewer');
    await daemon.client.reportState('waiting_for_approval', { agent: reviewer, metadata: { label: 'reviewer' }, reply: true });
    const approval = await bed.subscribe({ agent: reviewer, actions: ['approve', 'reject'], requestId: 'r-1', oneShot: true });
    await approval.describe({ agent: reviewer, requestId: 'r-1', tool: 'Bash', detail: SECRET_COMMAND }, 2_000);
    const page = await open(daemon);
    await sceneButton(page, 3).click();
    await waitForText(page, '#approval-detail', 'api.github.com');
    expect(await page.locator('#approval-tier').textContent()).toBe('Network');
    expect(await page.content()).not.toContain(TOKEN);
    const markers = await redactionLineCounts(page, '#approval-detail');
    expect(markers).toEqual([1, 1, 1]);
    if (size === 'phone') expect(await lineCount(page, '#approval-detail')).toBeGreaterThanOrEqual(4);

    const rail = await boxOf(page.locator('#pad .rail-top'));
    const request = await boxOf(page.locator('#prompt-panel'));
    const pad = await boxOf(page.locator('#pad'));
    if (size === 'desktop') {
      // Level with Approve and Reject, to the right of the pad.
      expect(request.x).toBeGreaterThan(pad.x + pad.width);
      expect(request.y).toBeLessThanOrEqual(rail.y + rail.height + 120);
    } else {
      // Right under the pad, before anything else.
      expect((await boxOf(page.locator('#selection'))).y - (pad.y + pad.height)).toBeLessThanOrEqual(24);
    }
    await expectAnInstrument(page, size);
    await saveScreenshot(page, `pad-approval-${size}`);
    await saveReadmeImage(page, `browser-pad-approval-${size}`);
  });

  it('question: the options as big numbered buttons beside the pad', async () => {
    const daemon = await bed.start();
    await team(daemon);
    const worker = agent('worker');
    await daemon.client.reportState('waiting_for_reply', { agent: worker, metadata: { label: 'worker' }, reply: true });
    const request: QuestionRequest = await daemon.client.askQuestions({ agent: worker, requestId: 'q-1', questions: [LICENSE_QUESTION] });
    try {
      const page = await open(daemon);
      await sceneButton(page, 3).click();
      await waitForText(page, '#prompt-panel', 'Which license should the project use?');
      const options = await boxesOf(page.locator('#prompt-panel button.option'));
      expect(options).toHaveLength(3);
      expect(smallest(options).height).toBeGreaterThanOrEqual(size === 'desktop' ? 56 : 44);
      const pad = await boxOf(page.locator('#pad'));
      if (size === 'desktop') for (const option of options) expect(option.x).toBeGreaterThan(pad.x + pad.width);
      await expectAnInstrument(page, size);
      await saveScreenshot(page, `pad-question-${size}`);
    } finally {
      await request.close();
    }
  });

  it('overflow: ten agents, two without a Scene, listed in plain words', async () => {
    const daemon = await bed.start();
    for (let n = 1; n <= 10; n += 1)
      await daemon.client.reportState(n % 3 === 0 ? 'user_typing' : 'running', { agent: agent(`a${n}`), metadata: { label: `agent ${n}` }, reply: true });
    const page = await open(daemon);
    await page.locator('#overflow-list li').nth(1).waitFor();
    expect(await page.locator('#pad .rail-top .top-cell', { has: page.locator('.overflow') }).textContent()).toBe('2 more');
    const states = await page.locator('#overflow-list .agent-state').allTextContents();
    expect(states.length).toBe(2);
    for (const state of states) expect(['Running', 'Typing']).toContain(state);
    await expectAnInstrument(page, size);
    await saveScreenshot(page, `pad-overflow-${size}`);
  });
});
