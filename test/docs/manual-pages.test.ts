import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README and the pages under docs/ are a user's manual for a fresh
 * clone: every link they make leads to a file of the clone, and none of them
 * points at material a clone does not have (the protocol documents beside
 * the checkout, issue numbers, spec sections).
 */

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGES = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** Markdown link and image targets that are paths in the repository (not URLs or anchors). */
function localTargets(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#')).map((target) => target.split('#')[0]!);
}

describe('the manual pages', () => {
  it('the README is a short manual (at most about 200 lines)', () => {
    expect(readFileSync(join(REPO, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(210);
  });

  it.each(PAGES)('%s links only to files of the clone', (page) => {
    const text = readFileSync(join(REPO, page), 'utf8');
    const missing = localTargets(text).filter((target) => !existsSync(resolve(REPO, dirname(page), target)));
    expect(missing).toEqual([]);
  });

  it.each(PAGES)('%s names nothing a fresh clone lacks', (page) => {
    const text = readFileSync(join(REPO, page), 'utf8');
    const found = [
      ...text.matchAll(/\.\.\/shared\b/g),
      ...text.matchAll(/\bissues? #?\d+\b/gi),
      ...text.matchAll(/#\d{2,}\b/g),
      ...text.matchAll(/§\s?\d/g),
      ...text.matchAll(/\bscenarios? \d+/gi),
    ].map((match) => match[0]);
    expect(found, `${relative(REPO, join(REPO, page))}`).toEqual([]);
  });

  it('every page under docs/ is reachable from the README', () => {
    const linked = new Set<string>();
    const visit = (page: string) => {
      if (linked.has(page)) return;
      linked.add(page);
      for (const target of localTargets(readFileSync(join(REPO, page), 'utf8'))) {
        const path = relative(REPO, resolve(REPO, dirname(page), target));
        if (path.endsWith('.md') && existsSync(join(REPO, path))) visit(path);
      }
    };
    visit('README.md');
    expect(PAGES.filter((page) => !linked.has(page))).toEqual([]);
  });
});
