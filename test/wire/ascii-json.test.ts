import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../src/wire/ascii-json.js';

/** The definition: JSON.stringify, then each code unit from U+007F up as `\uXXXX`. */
const definition = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('asciiJson', () => {
  it('escapes exactly the code units from U+007F up, as the reference does', () => {
    expect(asciiJson({ a: 'é😀\u007f~\u2028', b: [1, null] })).toBe('{"a":"\\u00e9\\ud83d\\ude00\\u007f~\\u2028","b":[1,null]}');
    fc.assert(fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => asciiJson([value, text]) === definition([value, text])));
  });
});
