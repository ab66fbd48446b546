/**
 * Where a JSON text stops being JSON, as "line L, column C" (1-based), for
 * an error that must not quote the text: a profile may be a link to a file
 * that is nobody's business, and V8's own messages quote the input. V8
 * names the position of most errors; for the rest ("Unexpected token"), the
 * longest prefix that is still the start of a JSON text is found by
 * bisection (being a valid start is closed under taking prefixes).
 */
export function jsonErrorLocation(text: string, error: Error): string {
  const named = /at position (\d+)/.exec(error.message);
  if (named !== null) return lineColumn(text, Number(named[1]));
  let good = 0;
  let bad = text.length;
  while (good < bad) {
    const middle = Math.ceil((good + bad) / 2);
    if (validStart(text.slice(0, middle))) good = middle;
    else bad = middle - 1;
  }
  return lineColumn(text, good);
}

/** Errors that only say the text ended too soon (at, or just before, its end: a cut escape). */
const ENDED_TOO_SOON = /Unterminated string|Unterminated fractional number|No number after minus sign|Exponent part is missing a number|Bad Unicode escape/;

function validStart(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('Unexpected end of JSON input')) return true;
    const at = /at position (\d+)/.exec(message);
    if (at === null) return false;
    // "Expected double-quoted property name … at position <the end>": the parser only wanted more text.
    const position = Number(at[1]);
    return position >= prefix.length || (ENDED_TOO_SOON.test(message) && position >= prefix.length - 6);
  }
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - (before.lastIndexOf('\n') + 1) + 1}`;
}
