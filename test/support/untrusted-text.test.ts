import { describe, expect, it } from 'vitest';
import { escapeUntrusted, isPlainText, stringifyJsonSafely } from '../../src/support/untrusted-text.js';

describe('untrusted text', () => {
  it('escapes C0, DEL and C1 controls so no sequence reaches a terminal or forges a log line', () => {
    expect(escapeUntrusted('a\x1b[31mred\nforged\x7f\u009b2J')).toBe('a\\x1b[31mred\\x0aforged\\x7f\\x9b2J');
  });

  it('escapes bidi overrides, isolates, zero-width characters, separators and lone surrogates', () => {
    const input = 'x\u202ey\u2066z\u200bw\u200dv\ufeffu\u2028t\ud800s\u{e0041}';
    expect(escapeUntrusted(input)).toBe('x\\u202ey\\u2066z\\u200bw\\u200dv\\ufeffu\\u2028t\\ud800s\\u{e0041}');
  });

  it('keeps printable text, non-ASCII letters, emoji and backslashes unchanged', () => {
    const text = 'Reviewer — café 日本 🎛 C:\\path';
    expect(escapeUntrusted(text)).toBe(text);
    expect(isPlainText(text)).toBe(true);
    expect(isPlainText('a\u202eb')).toBe(false);
  });

  it('cuts long text to the limit in code points with an ellipsis', () => {
    expect(escapeUntrusted('🎛'.repeat(10), 4)).toBe('🎛🎛🎛…');
    expect(escapeUntrusted('abcd', 4)).toBe('abcd');
    expect(escapeUntrusted('\n\n\n', 5)).toBe('\\x0a…');
  });

  it('writes JSON without raw unsafe code points that still decodes to the same value', () => {
    const value = { label: 'a\u009bb\u202ec\u2028d\u{e0041}', n: 1 };
    const json = stringifyJsonSafely(value);
    expect(isPlainText(json)).toBe(true);
    expect(json).toContain('\\u009b');
    expect(JSON.parse(json)).toEqual(value);
    expect(stringifyJsonSafely(undefined)).toBe('null');
  });

  it('keeps the line breaks of indented JSON, which are never inside a string', () => {
    const value = { label: 'a\nb\u009b', list: [1] };
    const json = stringifyJsonSafely(value, 2);
    expect(json).toBe(JSON.stringify(value, null, 2).replace('\u009b', '\\u009b'));
    expect(json.split('\n')).toHaveLength(6);
    expect(JSON.parse(json)).toEqual(value);
  });
});
