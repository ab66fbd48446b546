import type { AgentState } from '../../domain/index.js';

/**
 * The five Codex hook events Pad-Lattice subscribes to, in the order the
 * configuration overrides list them (agent-adapters.md §A.2, §A.7.2), and
 * the state each one reports. Every other event is a silent no-op.
 */
export const CODEX_HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Stop'] as const;

export type CodexHookEvent = (typeof CODEX_HOOK_EVENTS)[number];

const EVENT_STATES: Readonly<Record<CodexHookEvent, AgentState>> = {
  // Also after a compaction (`source: compact`): reference behaviour, kept (§A.2 QUIRK).
  SessionStart: 'waiting_for_reply',
  UserPromptSubmit: 'running',
  PermissionRequest: 'waiting_for_approval',
  // Clears an approval that was answered at the keyboard.
  PostToolUse: 'running',
  // The daemon's terminal hold later turns this back into waiting_for_reply.
  Stop: 'success',
};

export function isCodexHookEvent(name: unknown): name is CodexHookEvent {
  return typeof name === 'string' && (CODEX_HOOK_EVENTS as readonly string[]).includes(name);
}

export function stateForEvent(event: CodexHookEvent): AgentState {
  return EVENT_STATES[event];
}
