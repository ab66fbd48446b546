import type { ClientCommand } from './client-message.js';

/** Every message type a browser may send: the decoder's commands (client-message.ts). */
export type WebClientMessageType = ClientCommand['type'];

/**
 * Every message type the daemon writes to a browser (web-surface-protocol-1.md
 * §10, and our extensions): the published schema is built from this list.
 */
export const WEB_DAEMON_MESSAGE_TYPES = [
  'authenticated',
  'pairing',
  'surface',
  'experience_state',
  'performance_frame',
  'remote_revoked',
  'extensions',
  'press_result',
  'overflow',
  'prompt',
  'experience_block',
  'error',
] as const;

export type WebDaemonMessageType = (typeof WEB_DAEMON_MESSAGE_TYPES)[number];
