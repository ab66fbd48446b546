import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGED_SHOW_FILE, loadPerformanceManifest } from '../../src/experiences/index.js';
import { PACKAGE_ROOT } from '../../src/support/package-info.js';
import { chromiumForFile } from '../helpers/chromium.js';
import { waitForText } from './helpers/pad-page.js';
import { playedSounds, recordPlayedSounds } from './helpers/played-sounds.js';
import { startWebDaemon, type WebDaemon } from './helpers/web-daemon.js';

const browser = chromiumForFile();
let daemon: WebDaemon;

afterEach(async () => {
  expect(await daemon.stop()).toBe(0);
});

describe('the bundled app, served by the daemon', () => {
  it('loads the live pad in a few requests, none for the offline mode or for audio files', async () => {
    daemon = await startWebDaemon();
    const page = await (await browser().newContext()).newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('ws')) requests.push(new URL(request.url()).pathname);
    });
    await page.goto(daemon.adminUrl);
    await waitForText(page, '#status', 'Connected');
    const paths = [...new Set(requests)];
    const scripts = paths.filter((path) => path.endsWith('.js'));
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(3);
    expect(scripts.some((path) => path.includes('public'))).toBe(false);
    expect(paths.length, paths.join(' ')).toBeLessThanOrEqual(8);
  });

  it('with Sound on, a Show plays a soundtrack the page rendered from the packaged Show, as long as the Show, fetching no audio file', async () => {
    daemon = await startWebDaemon();
    const page = await (await browser().newContext()).newPage();
    const audioFiles: string[] = [];
    page.on('request', (request) => {
      if (/\.(wav|mp3|ogg|opus)$/.test(new URL(request.url()).pathname)) audioFiles.push(request.url());
    });
    await recordPlayedSounds(page);
    await page.goto(daemon.adminUrl);
    await waitForText(page, '#status', 'Connected');
    await page.locator('#sound').click();
    await page.locator('#start-show').click();
    await page.locator('#pad.showing').waitFor({ timeout: 10_000 });
    // The soundtrack is rendered exactly as long as the packaged Show.
    const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
    const soundtrack = async () => (await playedSounds(page)).some((sound) => sound.seconds === show.durationMs / 1000 && sound.sum !== 0);
    await expect.poll(soundtrack, { timeout: 10_000 }).toBe(true);
    expect(audioFiles).toEqual([]);
    await page.locator('#stop-experience').click();
    await page.locator('#pad:not(.showing)').waitFor();
  });
});
