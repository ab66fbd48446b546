import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedUntilDevChanges } from '../../src/support/dev-listing-cache.js';
import { tempFolder } from '../e2e/helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('cachedUntilDevChanges', () => {
  it('lists again only when the folder changed or the listing is too old', async () => {
    const { dir, remove } = tempFolder('pl-dev-');
    cleanups.push(remove);
    let now = 0;
    let calls = 0;
    const list = cachedUntilDevChanges(async () => (calls += 1), { dir, maxAgeMs: 1000, now: () => now });
    expect([await list(), await list()]).toEqual([1, 1]);
    mkdirSync(join(dir, 'ttyUSB0'));
    utimesSync(dir, new Date(), new Date(Date.now() + 5000));
    expect(await list()).toBe(2);
    now = 1000;
    expect(await list()).toBe(3);
    const unreadable = cachedUntilDevChanges(async () => (calls += 1), { dir: join(dir, 'missing') });
    expect([await unreadable(), await unreadable()]).toEqual([4, 5]);
  });
});
