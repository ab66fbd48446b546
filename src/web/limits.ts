/** Constants of Web Surface Protocol 1 (web-surface-protocol-1.md §18). Times in seconds unless the name says ms. */

export const WEB_PROTOCOL_VERSION = 1;
export const DEFAULT_WEB_PORT = 8765;
/** The loopback listener's address, and the host of the admin link (§2). */
export const LOOPBACK_HOST = '127.0.0.1';

/** Largest inbound and outbound message, in UTF-8 bytes (exactly this many is allowed). */
export const MAX_WEB_MESSAGE_BYTES = 16_384;
export const MAX_WEB_LABEL_LENGTH = 80;
export const MAX_CREDENTIAL_LENGTH = 256;

export const AUTHENTICATION_TIMEOUT_MS = 10_000;
export const PAIRING_TTL = 300;
export const FAILED_ATTEMPT_WINDOW = 60;
export const FAILED_ATTEMPT_LIMIT = 5;
export const GLOBAL_PAIRING_ATTEMPT_LIMIT = 20;

export const MAX_BROWSER_CLIENTS = 16;
export const MAX_REMOTE_CLIENTS = 8;
/**
 * Not in the reference (issue #21.3): pending connections one peer address
 * may hold; a fifth takes the place of that peer's oldest (see admission.ts).
 */
export const MAX_PENDING_PER_PEER = 4;
/** TCP connections one peer may hold open on the browser port at once (a page loads its assets on a few, plus its WebSocket). */
export const MAX_OPEN_CONNECTIONS_PER_PEER = 32;
/** A peer's refused connections are logged at most once in this many seconds. */
export const REFUSAL_REPORT_INTERVAL_S = 60;

export const COMMAND_RATE_WINDOW = 1;
export const COMMAND_RATE_LIMIT = 20;
export const MAX_PENDING_SURFACE_EVENTS = 256;

/** Random bytes behind the admin and reconnect tokens (43 base64url characters) and the pairing secret (32). */
export const TOKEN_BYTES = 32;
export const PAIRING_SECRET_BYTES = 24;

/** WebSocket transport (§5.2): close handshake and keepalive, as the reference's library does. */
export const CLOSE_TIMEOUT_MS = 1_000;
export const KEEPALIVE_INTERVAL_MS = 20_000;

/**
 * Not in the reference: a browser that stops reading while broadcasts pile up
 * is dropped once this much output waits, so one stuck tab cannot grow the
 * daemon's memory without bound.
 */
export const MAX_BUFFERED_OUTBOUND_BYTES = 1_048_576;

/** HTTP request limits comparable to the reference's library (§3.1). */
export const MAX_REQUEST_HEADERS = 128;
export const MAX_HEADER_BYTES = 8_192;
export const REQUEST_TIMEOUT_MS = 10_000;
/** How often the HTTP server looks for requests past that deadline. */
export const REQUEST_DEADLINE_CHECK_MS = 1_000;

/** Slots and actions a browser surface always has (midi-rendering.md §13). */
export const BROWSER_SELECTOR_CAPACITY = 8;
