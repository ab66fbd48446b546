import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Where credentials get their randomness; tests may inject a deterministic source. */
export interface SecretSource {
  /** Unpadded base64url of `bytes` CSPRNG bytes. */
  token(bytes: number): string;
  /** Uniform six-digit PIN, zero-padded. */
  pin(): string;
}

export const CRYPTO_SECRETS: SecretSource = Object.freeze({
  token: (bytes: number) => randomBytes(bytes).toString('base64url'),
  pin: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
});

/** A fixed-length digest, so comparing and storing secrets never depends on their length or content. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Constant-time equality of two secrets of any length (§6.3). */
export function secretsEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(secretDigest(presented), secretDigest(expected));
}
