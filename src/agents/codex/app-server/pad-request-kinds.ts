import type { Question } from '../../../domain/index.js';
import type { SurfaceDecision } from '../../shared/permission-decision.js';

/*
 * What the pad makes of one request of Codex's app-server (pad-request.ts decides which).
 */

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
