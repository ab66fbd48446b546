import { describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../src/support/bounded-queue.js';

describe('BoundedQueue', () => {
  it('keeps the newest `limit` items, oldest first, and empties on drain', () => {
    const queue = new BoundedQueue<number>(3);
    for (let item = 1; item <= 5; item += 1) queue.push(item);
    expect(queue.drain()).toEqual([3, 4, 5]);
    expect(queue.drain()).toEqual([]);
  });
});
