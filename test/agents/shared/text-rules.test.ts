import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tomlSafeJsonString } from '../../../src/agents/codex/overrides.js';
import { LabelError, normalizeLabel } from '../../../src/agents/shared/label.js';
import { formatLikePythonG, shellQuote } from '../../../src/agents/shared/python-format.js';
import { sanitizeTitlePart, titleSequence, titleText } from '../../../src/agents/shared/terminal-title.js';

describe('label validation (agent-adapters.md §1.5)', () => {
  it("strips Python's whitespace set, which differs from String.prototype.trim", () => {
    expect(normalizeLabel('\u001c\u3000docs\u2029\u0085')).toBe('docs');
    // U+FEFF is not Python whitespace, so it stays and is not a control character either.
    expect(normalizeLabel('\ufeffdocs')).toBe('\ufeffdocs');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(normalizeLabel('😀'.repeat(64))).toBe('😀'.repeat(64));
    expect(() => normalizeLabel('😀'.repeat(65))).toThrow('session label must be at most 64 characters');
  });

  it('refuses control characters inside the label, DEL included', () => {
    for (const label of ['a\u0000b', 'a\u007fb', 'a\tb']) expect(() => normalizeLabel(label)).toThrow(LabelError);
    expect(() => normalizeLabel('a\u007fb')).toThrow('session label must not contain control characters');
  });
});

describe('terminal title text (agent-adapters.md §1.6)', () => {
  it('builds "[S<scene> <ACCENT>] <label>" and refuses wrong types', () => {
    expect(titleText({ scene: 1, accent: 'cyan', label: 'implementation' })).toBe('[S1 CYAN] implementation');
    expect(titleText({ scene: 1.5, accent: 'cyan', label: 'x' })).toBeNull();
    expect(titleText({ scene: '1', accent: 'cyan', label: 'x' })).toBeNull();
    expect(titleText({ scene: 1, accent: null, label: 'x' })).toBeNull();
    expect(titleText({ scene: 1, accent: 'cyan', label: 3 })).toBeNull();
    expect(titleSequence('[S1 CYAN] x')).toBe('\x1b]0;[S1 CYAN] x\x07');
  });

  it('limits the accent to 16 and the label to 64 code points, and blanks C1 controls', () => {
    expect(titleText({ scene: 3, accent: 'a'.repeat(20), label: 'x' })).toBe(`[S3 ${'A'.repeat(16)}] x`);
    expect(sanitizeTitlePart('a\u009bb\u0085c', 64)).toBe('a b c');
  });

  it('never lets a control character or a run of spaces through (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 80 }), (text, limit) => {
        const clean = sanitizeTitlePart(text, limit);
        expect([...clean].length).toBeLessThanOrEqual(limit);
        expect(/[\u0000-\u001f\u007f-\u009f]/.test(clean)).toBe(false);
        expect(clean).not.toMatch(/ {2}/);
        // Leading space never; a trailing one only where the cut fell right after a space, as in the reference.
        expect(clean.startsWith(' ')).toBe(false);
      }),
    );
  });
});

describe('reference formatting (agent-adapters.md §A.7.1, §A.7.2)', () => {
  it("formats timeouts like Python's %g", () => {
    const cases: [number, string][] = [
      [60, '60'],
      [90.5, '90.5'],
      [0.25, '0.25'],
      [1000000, '1e+06'],
      [0.00001, '1e-05'],
      [123456, '123456'],
      [1234567, '1.23457e+06'],
      [0.0001, '0.0001'],
      [2.5e-7, '2.5e-07'],
      [1e100, '1e+100'],
      [0.1 + 0.2, '0.3'],
    ];
    for (const [value, text] of cases) expect(formatLikePythonG(value)).toBe(text);
  });

  it('quotes like shlex.quote', () => {
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('/opt/pl/bin/pad-lattice-hook')).toBe('/opt/pl/bin/pad-lattice-hook');
    expect(shellQuote('a@b%c+d=e:f,g.h/i-j_k')).toBe('a@b%c+d=e:f,g.h/i-j_k');
    expect(shellQuote('/opt/Pad Lattice/x')).toBe("'/opt/Pad Lattice/x'");
    expect(shellQuote("it's")).toBe(`'it'"'"'s'`);
    expect(shellQuote('é')).toBe("'é'");
  });

  it('escapes non-ASCII in the override command as TOML accepts it', () => {
    expect(tomlSafeJsonString('/home/zoë/pl "x"')).toBe('"/home/zo\\u00eb/pl \\"x\\""');
    // Above the BMP TOML needs \U with eight digits, not a surrogate pair.
    expect(tomlSafeJsonString('/tmp/😀')).toBe('"/tmp/\\U0001f600"');
  });
});
