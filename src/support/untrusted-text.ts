/**
 * Text that came from outside (agent labels, file names, device names, input
 * lines) must never act on a terminal or forge a log line. These helpers
 * escape every code point that is invisible or acts as a control when shown:
 * C0/C1 controls and DEL (escape sequences, newlines that forge log lines),
 * format characters such as bidi overrides and zero-width joiners (text that
 * reads differently from what it is), line/paragraph separators, and lone
 * surrogates. Everything else, backslashes included, passes unchanged.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

function escapeCodePoint(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, '0')}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, '0')}`;
  return `\\u{${codePoint.toString(16)}}`;
}

/** True when `text` holds nothing that `escapeUntrusted` would change. */
export function isPlainText(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}

/**
 * `text` with every unsafe code point written as a visible escape (`\x1b`,
 * `\u202e`, `\u{e0001}`), cut to at most `maxCodePoints` code points of the
 * result with a trailing `…` when it was longer.
 */
export function escapeUntrusted(text: string, maxCodePoints = Number.POSITIVE_INFINITY): string {
  const escaped = text.replace(UNSAFE, escapeCodePoint);
  if (escaped.length <= maxCodePoints) return escaped;
  const codePoints = Array.from(escaped);
  if (codePoints.length <= maxCodePoints) return escaped;
  return `${codePoints.slice(0, Math.max(0, maxCodePoints - 1)).join('')}…`;
}

/**
 * `JSON.stringify` whose output holds no unsafe code point: each one inside a
 * string becomes a `\uXXXX` escape (surrogate pairs of astral format
 * characters as two), which JSON readers decode back to the same value.
 */
export function stringifyJsonSafely(value: unknown, space?: number): string {
  const json = JSON.stringify(value, null, space) ?? 'null';
  return json.replace(UNSAFE, (char) => {
    // JSON.stringify escapes a newline inside a string, so a raw one is the indentation's.
    if (char === '\n') return char;
    let out = '';
    for (let index = 0; index < char.length; index += 1) {
      out += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
    }
    return out;
  });
}
