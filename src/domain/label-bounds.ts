/**
 * How long a session label may be, in Unicode code points and in UTF-8 bytes.
 * Every place that shows a label shows less (browser 80, terminal title 64,
 * status column 24), so nothing a person reads is lost; the bounds keep one
 * agent from making every `status` reply huge. Any 128 characters of the
 * Basic Multilingual Plane fit; of 4-byte characters (most emoji), 96.
 */
export const MAX_LABEL_CODE_POINTS = 128;
export const MAX_LABEL_BYTES = 384;

const ELLIPSIS = '…';
const ELLIPSIS_BYTES = 3;

/** UTF-8 bytes of one code point. */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * `label` within both bounds: unchanged when it fits, else cut at a code
 * point boundary and ended with `…` (the ellipsis counts toward the bounds).
 * A label of up to 128 UTF-16 units costs one comparison.
 */
export function boundLabel(label: string): string {
  // Fewer units than the code point bound, and at most three bytes per unit: it fits.
  if (label.length <= MAX_LABEL_CODE_POINTS && label.length * 3 <= MAX_LABEL_BYTES) return label;
  let codePoints = 0;
  let bytes = 0;
  let fitsWhole = true;
  let end = 0;
  // The longest prefix that still leaves room for the ellipsis, in case the whole label does not fit.
  let endWithRoom = 0;
  for (const char of label) {
    const size = utf8Length(char.codePointAt(0)!);
    if (codePoints + 1 > MAX_LABEL_CODE_POINTS || bytes + size > MAX_LABEL_BYTES) {
      fitsWhole = false;
      break;
    }
    codePoints += 1;
    bytes += size;
    end += char.length;
    if (codePoints + 1 <= MAX_LABEL_CODE_POINTS && bytes + ELLIPSIS_BYTES <= MAX_LABEL_BYTES) endWithRoom = end;
  }
  return fitsWhole ? label : `${label.slice(0, endWithRoom)}${ELLIPSIS}`;
}
