/**
 * Wire Protocol 1 codec (wire-protocol-1.md): framing, client and server
 * messages, error codes and texts. Pure: no sockets, no clock. The daemon
 * decodes client lines and encodes server messages; clients (src/client)
 * encode client messages and decode server lines with the same rules.
 */
export { PROTOCOL_VERSION, MAX_MESSAGE_BYTES } from './limits.js';
export { ERROR_CODES, RESERVED_ERROR_CODES, type DaemonErrorCode, type WireError } from './error-codes.js';
export {
  ERROR_TEXTS,
  unsupportedProtocolText,
  unknownMessageTypeText,
  unknownStateText,
  unknownFieldText,
  nonEmptyStringText,
  booleanText,
} from './error-texts.js';
export type { DecodeResult } from './protocol-error.js';
export { LineSplitter, type AsciiLine, type Line } from './line-splitter.js';
export { decodeClientLine } from './client-decoder.js';
export { decodeServerLine } from './server-decoder.js';
export { encodeServerMessage, encodeReply, encodeNotification, fitsOutboundCap, serverWireObject } from './server-encoder.js';
export { encodeClientMessage, clientWireObject } from './client-encoder.js';
export { DEFAULT_IDENTITY } from './fields.js';
export {
  CLIENT_MESSAGE_TYPES,
  SERVER_MESSAGE_TYPES,
  sceneOf,
  type ClientMessage,
  type ClientMessageType,
  type StateMessage,
  type SessionEndMessage,
  type StatusRequest,
  type PingRequest,
  type SubscribeActionsMessage,
  type SessionLeaseMessage,
  type PreviewMessage,
  type PreviewEndMessage,
  type ServerMessage,
  type ServerMessageType,
  type StateAckMessage,
  type SessionLeaseAckMessage,
  type SessionLeaseBoundMessage,
  type ActionMessage,
  type StatusMessage,
  type PongMessage,
  type PreviewAckMessage,
  type PreviewEndAckMessage,
  type ErrorMessage,
  type SessionReport,
  type StatusSessionReport,
  type StatusReport,
  type SurfaceDescriptor,
  type SurfaceKind,
  type Metadata,
  type InventoryRequest,
  type InventoryMessage,
  type InventoryReport,
  type InventoryProfile,
  type InventorySurface,
  type QuestionMessage,
  type ApprovalDetailsMessage,
  type NoticeMessage,
  type QuestionAckMessage,
  type AnswerMessage,
} from './messages.js';
