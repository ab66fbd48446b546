import { describe, expect, it } from 'vitest';
import { jsonErrorLocation } from '../../src/profiles/json-problem.js';

/** Where JSON.parse fails in `text`, as the profile errors say it. */
function located(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonErrorLocation(text, error as Error);
  }
  throw new Error('expected invalid JSON');
}

describe('where a JSON text stops being JSON', () => {
  it('names the line and column of the first character that cannot be JSON, whatever V8 says about it', () => {
    // A doubled comma: V8 names no position, and the prefix ending at the first comma is a valid start.
    expect(located('{\n  "id": "a/b/c",\n  "x": [1,,2]\n}\n')).toBe('line 3, column 11');
    // A property name without quotes after a comma: V8 names the position itself.
    expect(located('{\n  "driver": "hid.stream-deck",\n  oops\n}\n')).toBe('line 3, column 3');
    expect(located('{\n  "a": 1 x\n}')).toBe('line 2, column 10');
    expect(located('[1 2]')).toBe('line 1, column 4');
    expect(located('{\n  "name": oops\n}')).toBe('line 2, column 11');
    expect(located('{\n  "a": "cut')).toBe('line 2, column 12'); // the text ends inside the string
    expect(located('')).toBe('line 1, column 1');
  });
});
