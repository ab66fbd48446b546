import { commandApprovalOf, fileChangeApprovalOf, permissionsApprovalOf, type ApprovalContext } from './approval-requests.js';
import { elicitationOf } from './elicitation.js';
import { SERVER_REQUESTS } from './protocol.js';
import { userInputOf } from './user-input.js';
import type { PadRequest } from './pad-request-kinds.js';

export type { PadApproval, PadQuestions, PadRequest, TerminalOnly } from './pad-request-kinds.js';

/**
 * What the pad does with one request of the app-server's: null when it is
 * not one Pad-Lattice knows, or its parameters do not parse (the TUI alone
 * handles it). Never a guess: whatever the pad cannot answer exactly as the
 * TUI would is left to the TUI.
 */
export function padRequestOf(method: string, params: unknown, context: ApprovalContext): { readonly threadId: string; readonly request: PadRequest } | null {
  switch (method) {
    case SERVER_REQUESTS.commandApproval:
      return commandApprovalOf(params, context);
    case SERVER_REQUESTS.fileChangeApproval:
      return fileChangeApprovalOf(params, context);
    case SERVER_REQUESTS.permissionsApproval:
      return permissionsApprovalOf(params);
    case SERVER_REQUESTS.userInput:
      return userInputOf(params);
    case SERVER_REQUESTS.elicitation:
      return elicitationOf(params);
    default:
      return null;
  }
}
