/**
 * The public TypeScript client of Wire Protocol 1. It imports only the wire
 * codec, the domain and the socket helpers, so agents can embed it without
 * pulling in the daemon.
 */
export {
  PadLatticeClient,
  DEFAULT_TIMEOUT_MS,
  type AskOptions,
  type ClientOptions,
  type ReportStateOptions,
  type SubscribeOptions,
  type LeaseOptions,
  type NoticeOptions,
} from './client.js';
export { QuestionRequest, type QuestionAnswer } from './question-request.js';
export { ActionSubscription, type ActionEvent } from './action-subscription.js';
export { SessionLease, DEFAULT_LEASE_BACKOFF, type LeaseBackoff, type SessionLeaseEvents, type SessionLeaseListeners } from './session-lease.js';
export { PreviewSession, MAX_PREVIEW_TTL_SECONDS } from './preview-session.js';
export {
  PadLatticeClientError,
  DaemonUnavailableError,
  UntrustedDaemonError,
  DaemonDisconnectedError,
  DaemonTimeoutError,
  DaemonProtocolError,
} from './errors.js';
export { defaultSocketPath } from '../unix-socket/socket-path.js';
export {
  DEFAULT_IDENTITY,
  type InventoryReport,
  type SessionReport,
  type StatusReport,
  type StatusSessionReport,
} from '../wire/index.js';
