import { REJECT_MESSAGE } from '../shared/permission-decision.js';

/*
 * What the BeforeTool hook prints for a gated tool (gated-tools.ts), one
 * JSON line each. Gemini reads stdout as JSON whatever the exit status.
 */

/** Approved on the pad: no decision of the hook's own, so the session policy runs the tool. */
export const PROCEED_LINE = '{}\n';

/** Rejected on the pad: the tool is not run and the model is told "Tool execution blocked: <reason>". */
export const DENY_LINE = `${JSON.stringify({ decision: 'deny', reason: REJECT_MESSAGE })}\n`;

/** No answer from the pad (none running, timeout, call cancelled): Gemini's own confirmation decides. */
export const ASK_LINE = `${JSON.stringify({ decision: 'ask' })}\n`;
