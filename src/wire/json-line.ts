import { isAscii } from 'node:buffer';
import { ERROR_CODES } from './error-codes.js';
import { ERROR_TEXTS, unsupportedProtocolText } from './error-texts.js';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from './limits.js';
import type { AsciiLine } from './line-splitter.js';
import { ProtocolError, invalidMessage } from './protocol-error.js';

export type JsonObject = Record<string, unknown>;

// fatal: invalid UTF-8 (overlong forms, encoded surrogates) is an error, not U+FFFD.
// ignoreBOM: keep a leading BOM in the text so JSON.parse rejects it, as the reference does.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The checks every line passes through in both directions, in the order of
 * wire-protocol-1.md §4.4 steps 1–5: size, strict UTF-8, JSON syntax, object,
 * protocol version. Returns the parsed object; throws ProtocolError.
 */
export function parseProtocolObject(line: Uint8Array | AsciiLine): JsonObject {
  // An AsciiLine's length is its byte count, and it is text already.
  const ascii = typeof line === 'string';
  if ((ascii ? line.length : line.byteLength) > MAX_MESSAGE_BYTES) throw new ProtocolError(ERROR_CODES.frameTooLarge, ERROR_TEXTS.frameTooLarge);
  const value = parseJson(ascii ? line : decodeUtf8(line));
  if (!isJsonObject(value)) throw invalidMessage(ERROR_TEXTS.notAnObject);
  const protocol = member(value, 'protocol');
  // typeof excludes booleans, which Python would count as the integer 1.
  if (typeof protocol !== 'number' || protocol !== PROTOCOL_VERSION) {
    throw new ProtocolError(ERROR_CODES.unsupportedProtocol, unsupportedProtocolText(protocol));
  }
  return value;
}

function decodeUtf8(line: Uint8Array): string {
  // Nearly every line is ASCII, which is valid UTF-8 and decodes byte for byte; this check is native and cheap.
  if (isAscii(line)) return (Buffer.isBuffer(line) ? line : Buffer.from(line.buffer, line.byteOffset, line.byteLength)).toString('latin1');
  try {
    return STRICT_UTF8.decode(line);
  } catch {
    throw invalidMessage(ERROR_TEXTS.invalidJson);
  }
}

/**
 * JSON.parse accepts exactly JSON with space/TAB/CR/LF around the value (so a
 * CRLF line ending is tolerated), lets the last duplicate key win, and rejects
 * NaN/Infinity tokens (allowed by §4.4) and a BOM. Integer literals too large
 * for a double become Infinity or a rounded value instead of crashing.
 */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidMessage(ERROR_TEXTS.invalidJson);
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member of a parsed object (never something inherited from Object.prototype). */
export function member(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}
