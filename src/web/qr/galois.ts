/**
 * Arithmetic in GF(256) with the QR code's primitive polynomial
 * x^8 + x^4 + x^3 + x^2 + 1 (0x11D), and Reed–Solomon error-correction
 * codewords over it (ISO/IEC 18004 §7.5.2).
 */
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power += 1) {
    EXP[power] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  // A doubled table lets multiply skip the modulo.
  for (let power = 255; power < 512; power += 1) EXP[power] = EXP[power - 255]!;
}

export function gfMultiply(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return EXP[LOG[a]! + LOG[b]!]!;
}

/** α^power. */
export function gfPower(power: number): number {
  return EXP[power % 255]!;
}

/** Coefficients of ∏(x − α^i) for i < degree, highest power first, leading 1 omitted. */
export function rsGenerator(degree: number): Uint8Array {
  let poly = [1];
  for (let i = 0; i < degree; i += 1) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j += 1) {
      next[j] = next[j]! ^ poly[j]!;
      next[j + 1] = next[j + 1]! ^ gfMultiply(poly[j]!, gfPower(i));
    }
    poly = next;
  }
  return Uint8Array.from(poly.slice(1));
}

/** The `degree` error-correction codewords of one block: the remainder of data·x^degree by the generator. */
export function rsRemainder(data: Uint8Array, degree: number): Uint8Array {
  const generator = rsGenerator(degree);
  const remainder = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[degree - 1] = 0;
    for (let i = 0; i < degree; i += 1) remainder[i] = remainder[i]! ^ gfMultiply(generator[i]!, factor);
  }
  return remainder;
}
