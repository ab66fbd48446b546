import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { SurfaceView } from '../../../src/domain/index.js';
import { compileVisualFrame, cssColorForToken, visualFrameToJson } from '../../../src/visual-protocol/index.js';

/** The 80 lights as colours: top rail left to right, the matrix by rows, the Scene buttons top to bottom. */
export interface PadLights {
  readonly top: readonly string[];
  readonly grid: readonly (readonly string[])[];
  readonly scenes: readonly string[];
}

/** The colour the page painted on each light (the `--pad-color` it set through the CSSOM). */
export async function padLights(page: Page): Promise<PadLights> {
  const colours = (selector: string) =>
    page.locator(selector).evaluateAll((lights) => lights.map((light) => (light as { style: CSSStyleDeclarationLike }).style.getPropertyValue('--pad-color')));
  const [top, cells, scenes] = await Promise.all([colours('#pad .rail-top .light'), colours('#pad .matrix .light'), colours('#pad .rail-right .light')]);
  return { top, grid: Array.from({ length: 8 }, (_, y) => cells.slice(y * 8, y * 8 + 8)), scenes };
}

interface CSSStyleDeclarationLike {
  getPropertyValue(name: string): string;
}

/**
 * What a Launchpad shows for `view` (web-surface-protocol-1.md §16): top rail
 * approve, reject, two reserved, overflow, reserved, retry, stop; matrix
 * columns 0–6 the state canvas and column 7 the statuses; the Scene rail.
 */
export function expectedLights(view: SurfaceView): PadLights {
  const frame = visualFrameToJson(compileVisualFrame(view, 8));
  const off = cssColorForToken('off');
  const a = (action: keyof typeof frame.actions) => cssColorForToken(frame.actions[action]);
  return {
    top: [a('approve'), a('reject'), off, off, cssColorForToken(frame.overflow), off, a('retry'), a('stop')],
    grid: frame.state.map((row, y) => [...row.map(cssColorForToken), cssColorForToken(frame.statuses[y]!)]),
    scenes: frame.selectors.map(cssColorForToken),
  };
}

/** Waits until the page's lights equal `expected`; on timeout the failure shows both. */
export async function waitForLights(page: Page, expected: PadLights, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = await padLights(page);
  while (JSON.stringify(seen) !== JSON.stringify(expected)) {
    if (Date.now() > deadline)
      throw new Error(`the pad did not show the expected lights\nexpected ${JSON.stringify(expected)}\nseen     ${JSON.stringify(seen)}`);
    await page.waitForTimeout(50);
    seen = await padLights(page);
  }
}

/** Waits until `selector`'s text contains `text`. */
export async function waitForText(page: Page, selector: string, text: string, timeoutMs = 20_000): Promise<void> {
  await page.locator(selector, { hasText: text }).first().waitFor({ timeout: timeoutMs });
}

export const ACTION_POSITION = { approve: 0, reject: 1, retry: 6, stop: 7 } as const;

export const actionButton = (page: Page, action: keyof typeof ACTION_POSITION) =>
  page.locator(`#pad .rail-top button[data-position="${ACTION_POSITION[action]}"]`);
export const sceneButton = (page: Page, slot: number) => page.locator('#pad .rail-right button').nth(slot);

/** The admin page in a fresh browser profile, once its socket is live. */
export async function openAdminPage(browser: Browser, adminUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(adminUrl);
  await waitForText(page, '#status', 'Connected');
  return page;
}

export const SCREENSHOTS = fileURLToPath(new URL('../../../test-output/web-browser/', import.meta.url));

/** A full-page screenshot in test-output/web-browser/NAME.png, checked to be a real image of the page's width. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const png = readFileSync(file);
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error(`${file} is not a PNG`);
  const width = png.readUInt32BE(16);
  const expected = page.viewportSize()?.width;
  if (expected !== undefined && width !== expected) throw new Error(`${file} is ${width} px wide, the window ${expected}: the page scrolls sideways`);
  return file;
}

/** The admin page in a fresh browser profile of the given window size, once its socket is live. */
export async function openAdminPageSized(browser: Browser, adminUrl: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(adminUrl);
  await waitForText(page, '#status', 'Connected');
  return page;
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
