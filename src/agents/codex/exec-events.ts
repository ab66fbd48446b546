import type { AgentState } from '../../domain/index.js';
import { stripPythonSpace } from '../shared/python-whitespace.js';

/** `codex exec --json` event type → state (agent-adapters.md §A.9); unlisted types change nothing. */
const EXEC_EVENT_STATES: Readonly<Record<string, AgentState>> = {
  'thread.started': 'running',
  'turn.started': 'running',
  'item.started': 'running',
  'turn.completed': 'success',
  'turn.failed': 'error',
  error: 'error',
};

/** What one line of Codex output asks the relay to do. */
export interface RelayStep {
  /** State to report, if the event maps to one. */
  readonly state: AgentState | null;
  /** Text for the relay's stdout (without LF). */
  readonly stdout: string | null;
  /** Text for the relay's stderr (without LF). */
  readonly stderr: string | null;
}

/**
 * Interprets one line of `codex exec --json` output. Blank lines do
 * nothing; a line that is not a JSON object (plain text, `42`, `[1]`) is
 * copied to stdout; an agent message's text is printed; an `error` event is
 * echoed on stderr as compact JSON.
 */
export function relayStep(rawLine: string): RelayStep | null {
  const line = stripPythonSpace(rawLine);
  if (line === '') return null;
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    return { state: null, stdout: line, stderr: null };
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return { state: null, stdout: line, stderr: null };
  const fields = event as Record<string, unknown>;
  const type = fields['type'];
  const state = typeof type === 'string' && Object.hasOwn(EXEC_EVENT_STATES, type) ? (EXEC_EVENT_STATES[type] ?? null) : null;
  const text = type === 'item.completed' ? agentMessageText(fields['item']) : null;
  if (text !== null) return { state, stdout: text, stderr: null };
  if (type === 'error') return { state, stdout: null, stderr: JSON.stringify(event) };
  return { state, stdout: null, stderr: null };
}

function agentMessageText(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const fields = item as Record<string, unknown>;
  return fields['type'] === 'agent_message' && typeof fields['text'] === 'string' ? fields['text'] : null;
}
