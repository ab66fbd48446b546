/**
 * The characters Python's `str.isspace()` accepts (agent-adapters.md §1.5).
 * Labels and titles must trim and split exactly like the reference, and
 * JavaScript's `trim()` uses a different set (it strips U+FEFF, keeps U+001C–U+001F).
 */
export function isPythonSpace(codePoint: number): boolean {
  return (
    (codePoint >= 0x09 && codePoint <= 0x0d) ||
    (codePoint >= 0x1c && codePoint <= 0x20) ||
    codePoint === 0x85 ||
    codePoint === 0xa0 ||
    codePoint === 0x1680 ||
    (codePoint >= 0x2000 && codePoint <= 0x200a) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    codePoint === 0x202f ||
    codePoint === 0x205f ||
    codePoint === 0x3000
  );
}

/** The code points of a string (lone surrogates stay single units, as in Python's str). */
export function codePointsOf(text: string): string[] {
  return [...text];
}

function isSpaceChar(char: string): boolean {
  return isPythonSpace(char.codePointAt(0) ?? 0);
}

/** `str.strip()` with Python's whitespace set. */
export function stripPythonSpace(text: string): string {
  const chars = codePointsOf(text);
  let start = 0;
  let end = chars.length;
  while (start < end && isSpaceChar(chars[start] ?? '')) start += 1;
  while (end > start && isSpaceChar(chars[end - 1] ?? '')) end -= 1;
  return chars.slice(start, end).join('');
}

/** `str.split()` without arguments: pieces between runs of Python whitespace, never empty. */
export function splitPythonSpace(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of codePointsOf(text)) {
    if (isSpaceChar(char)) {
      if (current !== '') pieces.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
