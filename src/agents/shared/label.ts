import { codePointsOf, stripPythonSpace } from './python-whitespace.js';

/** Longest accepted label, in code points (agent-adapters.md §1.5). */
export const MAX_LABEL_LENGTH = 64;

/** A `--label` the launchers refuse; `message` is the spec's exact text (printed as `pad-lattice: <message>`, exit 2). */
export class LabelError extends Error {
  override readonly name = 'LabelError';
}

/**
 * Normalises a launcher `--label` (agent-adapters.md §1.5): strip Python
 * whitespace, then refuse an empty, over-long or control-character label.
 */
export function normalizeLabel(raw: string): string {
  const label = stripPythonSpace(raw);
  if (label === '') throw new LabelError('session label must not be empty');
  const chars = codePointsOf(label);
  if (chars.length > MAX_LABEL_LENGTH) throw new LabelError(`session label must be at most ${MAX_LABEL_LENGTH} characters`);
  for (const char of chars) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 0x20 || codePoint === 0x7f) throw new LabelError('session label must not contain control characters');
  }
  return label;
}
