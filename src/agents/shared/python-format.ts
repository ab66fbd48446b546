/**
 * Formats a number like Python's `'%g' % value` (agent-adapters.md §A.7.1
 * step 4): six significant digits, no trailing zeros, exponent form below
 * 1e-4 or from 1e6 on. The hook command embeds the timeout this way, and Codex
 * keys hook trust on the exact command, so the text must match the reference.
 */
export function formatLikePythonG(value: number): string {
  if (value === 0) return '0';
  if (!Number.isFinite(value)) return String(value);
  const [mantissa = '', exponentText = '0'] = value.toExponential(5).split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${stripZeros(mantissa)}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return stripZeros(value.toFixed(5 - exponent));
}

function stripZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

/**
 * POSIX shell quoting as Python's `shlex.quote` does it: safe words stay
 * bare, everything else is single-quoted with `'` written as `'"'"'`.
 */
export function shellQuote(word: string): string {
  if (word === '') return "''";
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}
