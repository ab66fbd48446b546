/*
 * The Agent Client Protocol as the proxy knows it: method names, message
 * types, validators and error objects come from the protocol's own SDK
 * (@agentclientprotocol/sdk, pinned), and this is the one file that imports
 * it. The SDK's connections are not used: they re-encode every message they
 * pass, and the proxy forwards the very bytes it read.
 */
import { AGENT_METHODS, CLIENT_METHODS, PROTOCOL_METHODS, RequestError, type ErrorResponse } from '@agentclientprotocol/sdk';

/** The SDK's validators of an elicitation request and of its fields (each a value and a type). */
export { CreateElicitationRequest, ElicitationPropertySchema } from '@agentclientprotocol/sdk';

export type {
  ElicitationContentValue,
  PermissionOption,
  PermissionOptionKind,
  StopReason,
  ToolCallUpdate,
  ToolKind,
} from '@agentclientprotocol/sdk';

/** The methods the proxy looks at, by the SDK's names for them. */
export const ACP = Object.freeze({
  initialize: AGENT_METHODS.initialize,
  newSession: AGENT_METHODS.session_new,
  loadSession: AGENT_METHODS.session_load,
  resumeSession: AGENT_METHODS.session_resume,
  closeSession: AGENT_METHODS.session_close,
  deleteSession: AGENT_METHODS.session_delete,
  prompt: AGENT_METHODS.session_prompt,
  cancel: AGENT_METHODS.session_cancel,
  requestPermission: CLIENT_METHODS.session_request_permission,
  createElicitation: CLIENT_METHODS.elicitation_create,
  cancelRequest: PROTOCOL_METHODS.cancel_request,
});

/** A JSON-RPC "internal error" whose message says what happened (`Internal error: <why>`). */
export function internalError(why: string): ErrorResponse {
  return RequestError.internalError(undefined, why).toErrorResponse();
}
