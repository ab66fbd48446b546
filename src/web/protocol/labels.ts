import { MAX_WEB_LABEL_LENGTH } from '../limits.js';

/**
 * Python's `str.isspace` set, which the reference splits labels on. JavaScript's
 * `\s` differs (no U+001C–U+001F or U+0085, plus U+FEFF), so the class is explicit.
 */
const PYTHON_WHITESPACE_RUN = /[\t\n\v\f\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/**
 * The only agent-derived free text a browser sees (§10.3): whitespace runs
 * collapse to one space and the ends are trimmed, an empty result becomes
 * `Session <slot+1>`, and at most 80 code points survive (a space left at the
 * cut stays, as in the reference).
 */
export function sanitizeLabel(label: string, slot: number | null): string {
  const words = label.split(PYTHON_WHITESPACE_RUN).filter((word) => word !== '');
  // An agent without a Scene (our overflow extension) has no slot to name it by.
  const collapsed = words.length === 0 ? (slot === null ? 'Agent' : `Session ${slot + 1}`) : words.join(' ');
  return [...collapsed].slice(0, MAX_WEB_LABEL_LENGTH).join('');
}
