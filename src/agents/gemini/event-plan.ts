import type { AgentState } from '../../domain/index.js';
import { isGatedTool } from './gated-tools.js';
import type { GeminiHookInput } from './hook-input.js';

/** The hook events `pad-lattice gemini` registers (Gemini CLI 0.61.0 names). */
export const GEMINI_HOOK_EVENTS = ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'Notification', 'AfterAgent', 'SessionEnd'] as const;

/**
 * What one event does on the wire. `retire` asks to call off the session's
 * pending pad approvals first: Gemini never kills a BeforeTool hook whose
 * turn the user cancelled with Esc, so the next event of a new turn (or the
 * end of the session) does it.
 */
export type GeminiPlan =
  | { readonly kind: 'state'; readonly state: AgentState; readonly retire: boolean }
  | { readonly kind: 'approval' }
  | { readonly kind: 'session_end' };

/**
 * Null: the event changes nothing (a BeforeTool outside the gate, or any
 * BeforeTool when the launcher added no session policy; an unknown event).
 */
export function planFor(input: GeminiHookInput, gateOn: boolean): GeminiPlan | null {
  switch (input.eventName) {
    case 'SessionStart':
      return state('waiting_for_reply', true);
    case 'BeforeAgent':
      return state('running', true);
    case 'BeforeTool':
      return gateOn && isGatedTool(input.toolName) ? { kind: 'approval' } : null;
    case 'AfterTool':
      // Also after Gemini's own dialog was answered "allow" once the pad had handed over.
      return state('running', false);
    case 'Notification':
      // Gemini's own confirmation is on screen (the pad handed over, or a tool outside the gate).
      return input.notificationType === 'ToolPermission' ? state('waiting_for_approval', false) : null;
    case 'AfterAgent':
      return state('success', true);
    case 'SessionEnd':
      return { kind: 'session_end' };
    default:
      return null;
  }
}

function state(value: AgentState, retire: boolean): GeminiPlan {
  return { kind: 'state', state: value, retire };
}
