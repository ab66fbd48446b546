import type { WireError } from './error-codes.js';
import { ERROR_CODES } from './error-codes.js';

/** Thrown inside the decoders; the public decode functions turn it into a `WireError` result. */
export class ProtocolError extends Error implements WireError {
  override readonly name = 'ProtocolError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function invalidMessage(text: string): ProtocolError {
  return new ProtocolError(ERROR_CODES.invalidMessage, text);
}

/** The outcome of decoding one line: a typed value, or the error to answer with. */
export type DecodeResult<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly error: WireError };

/** Runs a throwing decoder, turning a ProtocolError into an error result (other errors are bugs and propagate). */
export function catchProtocolError<T>(decode: () => T): DecodeResult<T> {
  try {
    return { ok: true, message: decode() };
  } catch (error) {
    if (error instanceof ProtocolError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
