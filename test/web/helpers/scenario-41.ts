import { expect, it } from 'vitest';
import { receivedMessages } from './schema.js';

/** Closes a test file: every server message its clients received validated against the published schema. */
export function itValidatesEveryMessage(scenarios: string): void {
  it(`scenario 41: every message emitted in scenarios ${scenarios} validates against the published schema`, () => {
    expect(receivedMessages.length).toBeGreaterThan(0);
    const invalid = receivedMessages.filter((message) => message.errors !== null);
    expect(invalid).toEqual([]);
    // §9.3: the wire text is pure ASCII.
    expect(receivedMessages.filter((message) => /[^\x00-\x7f]/.test(message.text))).toEqual([]);
  });
}
