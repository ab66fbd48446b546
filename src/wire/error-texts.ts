import { pythonRepr, pythonStr } from './python-repr.js';

/**
 * The reference's error texts (wire-protocol-1.md §§4.4, 5, 8, 9.2). Clients
 * never parse them; conformance tests compare the fixed ones.
 */
export const ERROR_TEXTS = Object.freeze({
  frameTooLarge: 'protocol message exceeds the size limit',
  invalidJson: 'invalid JSON message',
  notAnObject: 'protocol message must be a JSON object',
  agentNotObject: 'agent must be a JSON object',
  agentBackend: 'agent.backend must be a non-empty string',
  agentSessionId: 'agent.session_id must be a non-empty string',
  agentMetadataKeys: 'agent metadata keys must be non-empty strings',
  agentMetadataValues: 'agent metadata values must be non-empty strings',
  metadataNotObject: 'metadata must be a JSON object',
  metadataKeys: 'metadata keys must be non-empty strings',
  metadataValues: 'metadata values must be non-empty strings',
  actionsNotArray: 'actions must be a non-empty JSON array',
  actionsUnknown: 'actions contains an unknown control action',
  ttlRange: 'ttl must be greater than zero and at most 30',
  previewOwnedByOther: 'surface preview is already owned by another client',
  previewDifferentId: 'client already owns a different surface preview',
  previewNotOwned: 'surface preview is not owned by this client',
});

/** `<v>` is Python's repr: `None`, `True`, `'1'`, `2`. */
export function unsupportedProtocolText(value: unknown): string {
  return `unsupported wire protocol ${pythonRepr(value)}; expected 1`;
}

/** `<t>` is Python's str: strings verbatim, `None` when missing. */
export function unknownMessageTypeText(value: unknown): string {
  return `unknown message type: ${pythonStr(value)}`;
}

export function unknownStateText(value: unknown): string {
  return `unknown state: ${pythonStr(value)}`;
}

export function unknownFieldText(name: string): string {
  return `unknown field: ${name}`;
}

/** For `lease_id`, `request_id`, `preview_id`. */
export function nonEmptyStringText(field: string): string {
  return `${field} must be a non-empty string`;
}

/** For `reply`, `one_shot`. */
export function booleanText(field: string): string {
  return `${field} must be a boolean`;
}
