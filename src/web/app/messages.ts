import type { ControlAction } from '../../domain/control-action.js';
import type { ExperienceKind } from '../../domain/surface-event.js';
import type { ExperienceStateMessage } from '../protocol/experience-message.js';
import type { PerformanceFrameMessage } from '../protocol/performance-message.js';
import type { AuthenticatedMessage, ErrorMessage, PairingMessage } from '../protocol/server-messages.js';
import type { SurfaceMessage } from '../protocol/surface-message.js';
import type { ExperienceBlockMessage, ExtensionsMessage, OverflowMessage, PressResultMessage, WebExtension } from '../protocol/extension-messages.js';
import type { PromptJson, PromptMessage } from '../protocol/prompt-message.js';

export type {
  ExperienceBlockMessage,
  ExperienceStateMessage,
  OverflowMessage,
  PairingMessage,
  PerformanceFrameMessage,
  PressResultMessage,
  PromptJson,
  PromptMessage,
  SurfaceMessage,
  WebExtension,
};

/** Everything the bridge sends (§10); the types are the server's own, so both sides share one definition. */
export type ServerMessage =
  | AuthenticatedMessage
  | PairingMessage
  | SurfaceMessage
  | ExperienceStateMessage
  | PerformanceFrameMessage
  | ErrorMessage
  | { protocol: 1; type: 'remote_revoked' }
  // Our extensions, sent only after `use_extensions`.
  | ExtensionsMessage
  | PressResultMessage
  | OverflowMessage
  | PromptMessage
  | ExperienceBlockMessage;

/** Commands the app sends after authenticating (§11); `protocol` is added on the way out. */
export type Command =
  | { type: 'action'; action: ControlAction }
  | { type: 'select_session'; slot: number }
  | { type: 'create_pairing' }
  | { type: 'revoke_remote' }
  | { type: 'start_experience'; kind: ExperienceKind }
  | { type: 'stop_experience' }
  | { type: 'use_extensions'; extensions: WebExtension[] }
  | { type: 'select_agent'; agent: number }
  | { type: 'answer_option'; ref: number; question: number; option: number }
  | { type: 'share_details'; enabled: boolean }
  | { type: 'action_hold'; action: ControlAction; down: boolean };

/** Parses one incoming frame; null for anything that is not a protocol-1 JSON object. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { protocol?: unknown; type?: unknown };
    return message !== null && typeof message === 'object' && message.protocol === 1 && typeof message.type === 'string' ? (message as ServerMessage) : null;
  } catch {
    return null;
  }
}
