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
 * `text` within `maxCodePoints` code points and `maxBytes` UTF-8 bytes:
 * unchanged when it fits, else cut at a code point boundary and ended with
 * `…` (the ellipsis counts toward the bounds). Text of few enough UTF-16
 * units costs one comparison.
 */
export function cutToBounds(text: string, maxCodePoints: number, maxBytes: number): string {
  // Fewer units than the code point bound, and at most three bytes per unit: it fits.
  if (text.length <= maxCodePoints && text.length * 3 <= maxBytes) return text;
  let codePoints = 0;
  let bytes = 0;
  let fitsWhole = true;
  let end = 0;
  // The longest prefix that still leaves room for the ellipsis, in case the whole text does not fit.
  let endWithRoom = 0;
  for (const char of text) {
    const size = utf8Length(char.codePointAt(0)!);
    if (codePoints + 1 > maxCodePoints || bytes + size > maxBytes) {
      fitsWhole = false;
      break;
    }
    codePoints += 1;
    bytes += size;
    end += char.length;
    if (codePoints + 1 <= maxCodePoints && bytes + ELLIPSIS_BYTES <= maxBytes) endWithRoom = end;
  }
  return fitsWhole ? text : `${text.slice(0, endWithRoom)}${ELLIPSIS}`;
}

/** `label` within both label bounds (see cutToBounds). */
export function boundLabel(label: string): string {
  return cutToBounds(label, MAX_LABEL_CODE_POINTS, MAX_LABEL_BYTES);
}
