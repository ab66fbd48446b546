/// <reference lib="dom" />
// Functions below run inside the page (page.evaluate), where the DOM is; the rest of the tests never see it at run time.
import type { Locator } from 'playwright-core';

/*
 * What a screenshot cannot prove by itself, measured in the page.
 */

/** The mark a line draws before its text (its ::before content, `none` without one) and its colour. */
export function markAndColour(locator: Locator): Promise<{ mark: string; colour: string }> {
  return locator.evaluate((line) => ({ mark: getComputedStyle(line, '::before').content, colour: getComputedStyle(line).color }));
}
