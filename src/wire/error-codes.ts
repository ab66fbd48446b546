/**
 * Error codes of wire-protocol-1.md §8. Only `code` is contractual; clients
 * never parse the text.
 */
export const ERROR_CODES = Object.freeze({
  invalidMessage: 'invalid_message',
  unsupportedProtocol: 'unsupported_protocol',
  unknownMessageType: 'unknown_message_type',
  frameTooLarge: 'frame_too_large',
  previewConflict: 'preview_conflict',
  previewNotOwned: 'preview_not_owned',
  /** Extension: a relayed connection asked for something outside its remote host (the text says what and why). */
  notPermitted: 'not_permitted',
});

/**
 * Codes reserved by the reference and never sent by a conforming daemon
 * (§8), listed so nobody gives them another meaning.
 */
export const RESERVED_ERROR_CODES = Object.freeze({
  invalidOperation: 'invalid_operation',
  /** Raised by clients when a reply has the wrong `type`. */
  unexpectedMessageType: 'unexpected_message_type',
  /** Used by clients when an `error` message lacks `code`. */
  daemonError: 'daemon_error',
});

export type DaemonErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** A protocol error as it travels in an `error` message. */
export interface WireError {
  readonly code: string;
  readonly message: string;
}
