/** The `error` codes of web-surface-protocol-1.md §10.7 with the reference's texts (clients branch on the code only). */
export const WEB_ERRORS = {
  invalidEncoding: { code: 'invalid_encoding', text: 'message must be UTF-8' },
  frameTooLarge: { code: 'frame_too_large', text: 'message exceeds size limit' },
  invalidJson: { code: 'invalid_json', text: 'message must be valid JSON' },
  notAnObject: { code: 'invalid_message', text: 'message must be a JSON object' },
  unsupportedProtocol: { code: 'unsupported_protocol', text: 'unsupported web protocol' },
  unknownType: { code: 'invalid_message', text: 'unknown message type' },
  alreadyAuthenticated: { code: 'invalid_message', text: 'client is already authenticated' },
  connectionLimit: { code: 'connection_limit', text: 'browser connection limit reached' },
  authenticationTimeout: { code: 'authentication_timeout', text: 'authentication timed out' },
  authenticationRequired: { code: 'authentication_required', text: 'authenticate before sending commands' },
  forbidden: { code: 'forbidden', text: 'invalid or expired credential' },
  rateLimited: { code: 'rate_limited', text: 'browser command rate exceeded' },
  adminRequired: { code: 'admin_required', text: 'local administrator required' },
  lanDisabled: { code: 'lan_disabled', text: 'LAN access is not enabled' },
} as const satisfies Record<string, WebError>;

export interface WebError {
  readonly code: string;
  readonly text: string;
}

/** A field-level `invalid_message` (§9.2, §11): the text names the field. */
export function invalidMessage(text: string): WebError {
  return { code: 'invalid_message', text };
}
