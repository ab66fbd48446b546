/// <reference lib="dom" />
// Functions below run inside the page (page.evaluate), where the DOM is; the rest of the tests never see it at run time.
import type { Locator, Page } from 'playwright-core';
import { APPROVAL_TIER_WORDS, STATE_WORDS } from '../../../src/domain/index.js';

/*
 * What a screenshot cannot prove by itself, measured in the page: sizes of
 * what a finger presses, captions that are part of their buttons, redaction
 * markers kept whole, plain words, and lights that never move by themselves.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The boxes of every element `locator` matches, in page coordinates (one round trip, however many). */
export async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
    }),
  );
  if (boxes.length === 0) throw new Error(`${locator} matched nothing`);
  const hidden = boxes.findIndex((box) => box.width === 0 || box.height === 0);
  if (hidden >= 0) throw new Error(`${locator} number ${hidden + 1} is not shown`);
  return boxes;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const boxes = await boxesOf(locator);
  if (boxes.length !== 1) throw new Error(`${locator} matched ${boxes.length} elements`);
  return boxes[0]!;
}

/** The smallest width and the smallest height among the boxes. */
export function smallest(boxes: readonly Box[]): { width: number; height: number } {
  return { width: Math.min(...boxes.map((box) => box.width)), height: Math.min(...boxes.map((box) => box.height)) };
}

/**
 * For each action button: its caption lies inside the button's box and the
 * point at the caption's centre hits that button (so a press on the word is a
 * press on the button). Returns the captions that fail, with why.
 */
export function captionsOutsideTheirButtons(page: Page): Promise<string[]> {
  return page.locator('#pad .rail-top button').evaluateAll((buttons) => {
    const failures: string[] = [];
    for (const button of buttons) {
      const caption = button.querySelector('.caption');
      const name = button.getAttribute('aria-label') ?? '?';
      if (caption === null) {
        failures.push(`${name}: no caption inside the button`);
        continue;
      }
      const outer = button.getBoundingClientRect();
      const inner = caption.getBoundingClientRect();
      if (inner.left < outer.left || inner.right > outer.right || inner.top < outer.top || inner.bottom > outer.bottom) {
        failures.push(`${name}: the caption sticks out of the button`);
      }
      const hit = document.elementFromPoint((inner.left + inner.right) / 2, (inner.top + inner.bottom) / 2);
      if (hit?.closest('button') !== button) failures.push(`${name}: a press on the caption does not reach the button`);
    }
    return failures;
  });
}

/**
 * How many line boxes each `[REDACTED]` of `selector`'s text takes: 1 each
 * when none is broken across lines. Measured on the text itself (a Range per
 * occurrence), whatever elements the page wraps it in.
 */
export function redactionLineCounts(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((root) => {
    const marker = '[REDACTED]';
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node as Text);
    const text = nodes.map((node) => node.data).join('');
    /** The text node and offset of the index-th character of the joined text. */
    const locate = (index: number): [Text, number] => {
      let rest = index;
      for (const node of nodes) {
        if (rest <= node.data.length) return [node, rest];
        rest -= node.data.length;
      }
      throw new Error('past the end');
    };
    const counts: number[] = [];
    for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
      const range = document.createRange();
      range.setStart(...locate(at));
      range.setEnd(...locate(at + marker.length));
      const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      counts.push(tops.size);
    }
    return counts;
  });
}

/** How many lines `selector`'s text takes (to show that a test's text really wraps). */
export function lineCount(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

/** Protocol words (snake_case, like `waiting_for_approval`) in text a person reads: visible, and not inside `code` (a command to type). */
export function protocolWordsShown(page: Page): Promise<string[]> {
  return page.locator('#app').evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || parent.closest('code, kbd') !== null || !parent.checkVisibility({ visibilityProperty: true })) continue;
      for (const match of (node as Text).data.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)) found.push(match[0]);
    }
    return found;
  });
}

/** State chips and tier chips: each must say the plain words and keep the protocol word in its tooltip. */
export async function chipsNotInPlainWords(page: Page): Promise<string[]> {
  const chips = await page
    .locator('.agent-state:visible, .tier:visible')
    .evaluateAll((nodes) => nodes.map((node) => ({ text: node.textContent ?? '', title: node.getAttribute('title') ?? '' })));
  const words: Readonly<Record<string, string>> = { ...STATE_WORDS, ...APPROVAL_TIER_WORDS };
  return chips.filter((chip) => words[chip.title] === undefined || chip.text !== words[chip.title]).map((chip) => `"${chip.text}" (title "${chip.title}")`);
}

/**
 * Everything that could make a light (or anything else) move by itself: a
 * CSS animation, or a transition with a duration, on any element or its
 * ::before and ::after.
 */
export function movingStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const moving = (style: CSSStyleDeclaration) =>
      style.animationName.split(',').some((name) => name.trim() !== 'none') ||
      style.transitionDuration.split(',').some((duration) => Number.parseFloat(duration) > 0);
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        if (moving(getComputedStyle(element, pseudo))) found.push(`${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}`);
      }
    }
    return found;
  });
}

/** The mark a line draws before its text (its ::before content, `none` without one) and its colour. */
export function markAndColour(locator: Locator): Promise<{ mark: string; colour: string }> {
  return locator.evaluate((line) => ({ mark: getComputedStyle(line, '::before').content, colour: getComputedStyle(line).color }));
}
