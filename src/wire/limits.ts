/** The only wire protocol version (wire-protocol-1.md). */
export const PROTOCOL_VERSION = 1;

/** The most bytes a frame may hold before its LF, in both directions (wire-protocol-1.md §4.2). */
export const MAX_MESSAGE_BYTES = 65_536;

/** The line terminator byte. */
export const LF = 0x0a;
