import { REPLY_TOOLS } from './event-plan.js';
import { openRegistry, REGISTRY_DEPS, reportState, type HookRun } from './hook-run.js';

/** The marker tool of an MCP form waiting on the pad (elicitation.ts). */
export const ELICITATION_WAITER = 'Elicitation';

const waitsForReply = (tool: string): boolean => REPLY_TOOLS.has(tool) || tool === ELICITATION_WAITER;

/**
 * "Claude needs your permission" (Notification `permission_prompt`), about
 * 6 s after any dialog opened, names no tool: byte for byte the same for an
 * approval and for a question. It is an approval's when an approval waiter of
 * the session still waits, or when none waits and the session's latest
 * permission request was not a question; a question's changes nothing (the
 * question keeps `waiting_for_reply`).
 */
export async function onPermissionPrompt(run: HookRun): Promise<void> {
  const registry = openRegistry(run.options);
  if (registry !== null) {
    const waiting = registry.waitingTools(run.input.sessionId, REGISTRY_DEPS);
    const approvalWaits = waiting.some((tool) => !waitsForReply(tool));
    if (!approvalWaits && waiting.length > 0) return;
    const last = registry.lastAsk(run.input.sessionId);
    if (!approvalWaits && last !== null && waitsForReply(last)) return;
  }
  await reportState(run, 'waiting_for_approval');
}
