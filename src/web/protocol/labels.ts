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
  // An agent without a Scene (our overflow extension) has no slot to name it by.
  const collapsed = collapseWhitespace(label) || (slot === null ? 'Agent' : `Session ${slot + 1}`);
  return [...collapsed].slice(0, MAX_WEB_LABEL_LENGTH).join('');
}

/** A host name keeps at most this many code points, so the label always keeps some room. */
const MAX_HOST_LENGTH = 32;

/**
 * The Scene label of a session that runs on another machine: the sanitised
 * label, then ` @host`. A long label is cut so the host still fits within
 * the protocol's 80 code points; a session without a host gets
 * `sanitizeLabel` unchanged.
 */
export function sceneLabel(label: string, slot: number | null, host: string | undefined): string {
  const where = host === undefined ? '' : collapseWhitespace(host);
  if (where === '') return sanitizeLabel(label, slot);
  const suffix = ` @${[...where].slice(0, MAX_HOST_LENGTH).join('')}`;
  const room = MAX_WEB_LABEL_LENGTH - [...suffix].length;
  return `${[...sanitizeLabel(label, slot)].slice(0, room).join('').trimEnd()}${suffix}`;
}

function collapseWhitespace(text: string): string {
  return text
    .split(PYTHON_WHITESPACE_RUN)
    .filter((word) => word !== '')
    .join(' ');
}
