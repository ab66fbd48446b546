import type { Question } from '../../../domain/index.js';
import type { SurfaceDecision } from '../../shared/permission-decision.js';
import { commandApprovalOf, fileChangeApprovalOf, permissionsApprovalOf, type ApprovalContext } from './approval-requests.js';
import { elicitationOf } from './elicitation.js';
import { SERVER_REQUESTS } from './protocol.js';
import { userInputOf } from './user-input.js';

/** An approval the pad can answer: what it is for (redacted later), and Codex's answer to each press. */
export interface PadApproval {
  readonly kind: 'approval';
  /** A tool name the approval tiers know (`Bash`, `apply_patch`, `NetworkAccess`, `mcp__server__tool` …). */
  readonly tool: string;
  /** The command, paths or host it acts on, with Codex's reason; unredacted here. */
  readonly detail: string;
  readonly answer: (decision: SurfaceDecision) => unknown;
}

/** Questions the pad can show, every one with options; the answer once each has its chosen option. */
export interface PadQuestions {
  readonly kind: 'questions';
  readonly questions: readonly Question[];
  readonly answer: (chosen: readonly number[]) => unknown;
}

/**
 * A request the pad must not answer (a secret, free text, too many options, a
 * kind it does not know): the pad shows that Codex waits, for an approval or
 * a reply, and the terminal answers.
 */
export interface TerminalOnly {
  readonly kind: 'terminal';
  readonly waitsFor: 'approval' | 'reply';
}

export type PadRequest = PadApproval | PadQuestions | TerminalOnly;

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
