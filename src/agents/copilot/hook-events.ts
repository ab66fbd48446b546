import type { AgentState } from '../../domain/index.js';

/**
 * The Copilot CLI hook events `pad-lattice copilot` registers (Copilot CLI
 * 1.0.102 names, payloads recorded in test/fixtures/agent-hooks/copilot).
 * Most payloads do not name their event, so each event's command tells the
 * hook which one it serves (EVENT_ENV).
 */
export const COPILOT_HOOK_EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'permissionRequest',
  'notification',
  'postToolUse',
  'postToolUseFailure',
  'agentStop',
  'sessionEnd',
] as const;

export type CopilotHookEvent = (typeof COPILOT_HOOK_EVENTS)[number];

/** Set in front of each hook command: the event it was registered for. */
export const EVENT_ENV = 'PAD_LATTICE_COPILOT_EVENT';

/** `1` when the launcher lets the pad answer permission requests (not when Copilot was told to allow everything). */
export const GATE_ENV = 'PAD_LATTICE_COPILOT_GATE';

export function isCopilotHookEvent(name: unknown): name is CopilotHookEvent {
  return typeof name === 'string' && (COPILOT_HOOK_EVENTS as readonly string[]).includes(name);
}

/** What one event does on the wire. */
export type CopilotPlan =
  | { readonly kind: 'state'; readonly state: AgentState }
  | { readonly kind: 'approval' }
  | { readonly kind: 'session_start' }
  | { readonly kind: 'session_end' };

/**
 * permissionRequest fires only when Copilot would ask (its rules engine did
 * not decide), so each one is a pad approval. Null: nothing to report.
 */
export function planFor(event: CopilotHookEvent, notificationType: string | null, gateOn: boolean): CopilotPlan | null {
  switch (event) {
    case 'sessionStart':
      // Interactive Copilot starts its session with the first prompt.
      return { kind: 'session_start' };
    case 'userPromptSubmitted':
    case 'postToolUse':
    case 'postToolUseFailure':
      return { kind: 'state', state: 'running' };
    case 'permissionRequest':
      return gateOn ? { kind: 'approval' } : { kind: 'state', state: 'waiting_for_approval' };
    case 'notification':
      // Copilot's own dialog is on screen (the pad handed over, or approvals are the terminal's).
      return notificationType === 'permission_prompt' ? { kind: 'state', state: 'waiting_for_approval' } : null;
    case 'agentStop':
      return { kind: 'state', state: 'success' };
    case 'sessionEnd':
      return { kind: 'session_end' };
  }
}
