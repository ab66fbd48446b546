import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { STATE_WORDS, type AgentState } from '../../src/domain/index.js';
import { referenceTimelineDocument } from '../experiences/helpers/reference-timeline.js';
import { chromiumForFile } from '../helpers/chromium.js';
import { actionButton, sceneButton, waitForText } from '../web-browser/helpers/pad-page.js';
import { PUBLIC_BUNDLE, serveStaticSite, type StaticSite } from './helpers/static-site.js';
import { earconFingerprint, playedSounds, recordPlayedSounds } from '../web-browser/helpers/played-sounds.js';

/*
 * The app bundle (`npm run build` writes dist/web-app) served by a plain
 * static server, in real Chromium: no daemon, no WebSocket.
 */

const browser = chromiumForFile();
let site: StaticSite | null = null;
let context: BrowserContext | null = null;
/** WebSocket URLs the page opened: the offline app must never try to reach a daemon. */
let sockets: string[] = [];

afterEach(async () => {
  await context?.close();
  await site?.close();
  context = null;
  site = null;
  expect(sockets).toEqual([]);
  sockets = [];
});

async function openSite(overrides: ReadonlyMap<string, string> = new Map(), prepare?: (page: Page) => Promise<void>): Promise<Page> {
  site = await serveStaticSite(PUBLIC_BUNDLE, overrides);
  context = await browser().newContext();
  const page = await context.newPage();
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await prepare?.(page);
  await page.goto(site.url);
  return page;
}

const legendState = (page: Page, slot: number) => page.locator('#legend li').nth(slot).locator('.agent-state');

/** The legend row of `slot` shows `state` in plain words, the protocol word in its tooltip. */
async function expectLegendState(page: Page, slot: number, state: AgentState): Promise<void> {
  await waitForText(page, `#legend li:nth-child(${slot + 1}) .agent-state`, STATE_WORDS[state]);
  expect(await legendState(page, slot).textContent()).toBe(STATE_WORDS[state]);
  expect(await legendState(page, slot).getAttribute('title')).toBe(state);
}

describe('experiences.md §15', () => {
  it('scenario 31: in the static bundle the scenario 7 presses reach complete with three successes; guidance reads Select Reviewer, then Approve Reviewer', async () => {
    const page = await openSite();
    await waitForText(page, '#guidance', 'Select Reviewer - Scene 2');
    expect(await page.locator('#status').textContent()).toBe('Offline');
    expect(await page.locator('#mode-demo').getAttribute('aria-pressed')).toBe('true');
    expect(await sceneButton(page, 1).getAttribute('class')).toContain('guide');
    expect(await page.locator('#legend li.guide').textContent()).toContain('Reviewer');

    await sceneButton(page, 1).click();
    await waitForText(page, '#guidance', 'Approve Reviewer');
    expect(await actionButton(page, 'approve').getAttribute('class')).toContain('guide');
    expect(await sceneButton(page, 1).getAttribute('class')).not.toContain('guide');

    await actionButton(page, 'approve').click();
    await waitForText(page, '#guidance', 'Select Tests - Scene 3');
    await sceneButton(page, 2).click();
    await waitForText(page, '#guidance', 'Retry Tests');
    await actionButton(page, 'retry').click();
    await waitForText(page, '#prompt-title', 'The agents form a constellation.');
    for (const slot of [0, 1, 2]) await expectLegendState(page, slot, 'success');
    expect(await page.locator('#guidance').isHidden()).toBe(true);
    expect(await page.locator('.guide').count()).toBe(0);
    expect(site!.requests).toEqual(expect.arrayContaining(['/config.json', '/experiences/demo-v1.json', '/experiences/constellation-v1.json']));
  });

  it('scenario 32: in Sandbox, Agent 1 set to waiting_for_approval offers approve and reject; approve makes it succeed; Agent 2 running, stop, cancelled', async () => {
    const page = await openSite();
    await waitForText(page, '#guidance', 'Select Reviewer');
    await page.locator('#mode-sandbox').click();
    await waitForText(page, '#legend', 'Agent 8');
    await expectLegendState(page, 0, 'waiting_for_reply');

    await page.locator('#sandbox-state-0').selectOption('waiting_for_approval');
    await expectLegendState(page, 0, 'waiting_for_approval');
    expect(await actionButton(page, 'approve').isEnabled()).toBe(true);
    expect(await actionButton(page, 'reject').isEnabled()).toBe(true);
    expect(await actionButton(page, 'stop').isDisabled()).toBe(true);
    expect(await actionButton(page, 'retry').isDisabled()).toBe(true);

    await actionButton(page, 'approve').click();
    await expectLegendState(page, 0, 'success');
    expect(await page.locator('#sandbox-state-0').inputValue()).toBe('success');

    await sceneButton(page, 1).click();
    await page.locator('#legend li.selected', { hasText: 'Agent 2' }).waitFor();
    expect(await actionButton(page, 'stop').isEnabled()).toBe(true);
    await actionButton(page, 'stop').click();
    await expectLegendState(page, 1, 'cancelled');
  });

  it('scenario 33: the Show displays "Alone" during cue 0 after the 500 ms lead-in and ends idle 43.1 s later', async () => {
    const reference = new Map([['/experiences/constellation-v1.json', JSON.stringify(referenceTimelineDocument())]]);
    const page = await openSite(reference, (p) => p.clock.install({ time: new Date('2030-01-01T00:00:00Z') }));
    await waitForText(page, '#guidance', 'Select Reviewer');
    // From here on the page's clock moves only when the test says so (the timer ticks every 30 ms).
    await page.clock.pauseAt(new Date('2030-01-01T01:00:00Z'));
    await page.locator('#mode-show').click();
    await waitForText(page, '#show-title', 'A Spark Becomes a Constellation');
    await page.clock.runFor(480);
    expect(await page.locator('#show-caption').textContent()).toBe('Starting…');
    expect(await page.locator('#pad.showing').count()).toBe(0);

    await page.clock.runFor(30);
    expect(await page.locator('#show-caption').textContent()).toBe('Alone');
    expect(await page.locator('#show-act').textContent()).toBe('Prelude - Alone');
    expect(await page.locator('#pad.showing').count()).toBe(1);
    expect(await actionButton(page, 'approve').isDisabled()).toBe(true);

    // 43 590 ms after Start: 43 090 ms into the Show, the last cue.
    await page.clock.runFor(43_080);
    expect(await page.locator('#show-caption').textContent()).toBe('No light alone');
    expect(await page.locator('#pad.showing').count()).toBe(1);
    await page.clock.runFor(30);
    expect(await page.locator('#pad.showing').count()).toBe(0);
    expect(await page.locator('#show-act').textContent()).toBe('The Show has ended.');
    expect(await page.locator('#show-play').isVisible()).toBe(true);
  });
});

describe('public static bundle', () => {
  it('is the bundle the daemon serves, its own config.json saying demo, and loads in a few requests', async () => {
    expect(JSON.parse(readFileSync(join(PUBLIC_BUNDLE, 'config.json'), 'utf8'))).toEqual({ mode: 'demo', protocol: 1 });
    const page = await openSite();
    await waitForText(page, '#guidance', 'Select Reviewer');
    const requests = site!.requests.filter((path) => path !== '/favicon.ico');
    expect(requests.filter((path) => path.endsWith('.js')).length).toBeLessThanOrEqual(5);
    expect(requests.length, requests.join(' ')).toBeLessThanOrEqual(12);
  });

  it('opened from disk (file://), says why it cannot run and how to open it, naming the folder to serve', async () => {
    context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(PUBLIC_BUNDLE, 'index.html')).href);
    await page.locator('#file-page').waitFor();
    expect(await page.locator('#app').isHidden()).toBe(true);
    const text = (await page.locator('#file-page').textContent()) ?? '';
    expect(text).toContain('opened from a file');
    expect(text).toContain('pad-lattice web');
    expect(await page.locator('#file-page-serve').textContent()).toBe(`cd '${PUBLIC_BUNDLE}' && python3 -m http.server 8000`);
  });

  it('served over HTTP, never shows the file notice', async () => {
    const page = await openSite();
    await waitForText(page, '#guidance', 'Select Reviewer');
    expect(await page.locator('#file-page').isHidden()).toBe(true);
  });

  it('a manifest the full loader refuses shows the error screen naming the file', async () => {
    const page = await openSite(new Map([['/experiences/demo-v1.json', '{"schema_version":2,"kind":"demo"}']]));
    await page.locator('#load-error').waitFor();
    expect(await page.locator('#load-error-message').textContent()).toMatch(/^demo-v1\.json/);
    expect(await page.locator('#app').isHidden()).toBe(true);
  });

  it('with Sound on, each Demo and Sandbox earcon is rendered in the page and played once, and no audio file is fetched', async () => {
    const page = await openSite(new Map(), recordPlayedSounds);
    await waitForText(page, '#guidance', 'Select Reviewer');
    await page.locator('#sound').click();
    await sceneButton(page, 1).click();
    await waitForText(page, '#guidance', 'Approve Reviewer');
    await page.locator('#mode-sandbox').click();
    await page.locator('#mode-demo').click();
    await page.locator('#mode-sandbox').click();
    await sceneButton(page, 2).click();
    const earcons = async () => (await playedSounds(page)).filter((sound) => sound.seconds < 2);
    await expect.poll(earcons).toEqual([earconFingerprint('session_selected', 1), earconFingerprint('session_selected', 2)]);
    expect(site!.requests.filter((path) => /\.(wav|mp3|ogg|opus)$/.test(path))).toEqual([]);
  });

  it('Stop and leaving Show mode stop the Show; the Demo is where it was', async () => {
    const page = await openSite();
    await waitForText(page, '#guidance', 'Select Reviewer');
    await sceneButton(page, 1).click();
    await waitForText(page, '#guidance', 'Approve Reviewer');
    await page.locator('#mode-show').click();
    await page.locator('#pad.showing').waitFor();
    await page.locator('#show-stop').click();
    await page.locator('#pad:not(.showing)').waitFor();
    await page.locator('#show-play').click();
    await page.locator('#pad.showing').waitFor();
    await page.locator('#mode-demo').click();
    await page.locator('#pad:not(.showing)').waitFor();
    expect(await page.locator('#guidance').textContent()).toBe('Approve Reviewer');
  });
});
