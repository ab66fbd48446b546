import type { SessionReport } from '../client/index.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/**
 * A daemon-supplied string as one terminal cell run: every control, bidi and
 * zero-width character shown as a visible escape (`\x1b`, `\u202e`), cut to
 * `limit` code points; `-` when there is nothing. Labels come from agents, so
 * they may hold escape sequences or text that reads differently from what it
 * is, and neither may reach the terminal.
 */
export function safeText(value: string | null | undefined, limit: number): string {
  if (typeof value !== 'string' || value === '') return '-';
  return escapeUntrusted(value, limit);
}

/** "S<scene>" for a visible slot, "overflow" otherwise. */
export function sceneText(slot: number | null): string {
  return slot === null ? 'overflow' : `S${slot + 1}`;
}

/** One line describing a session as the daemon acknowledged it (send-state --reply). */
export function describeSession(session: SessionReport): string {
  const parts = [
    `${safeText(session.identity.backend, 64)}/${safeText(session.identity.sessionId, 64)}`,
    session.state,
    `${sceneText(session.slot)} ${safeText(session.accent, 16)}`,
    `label ${safeText(session.label, 64)}`,
  ];
  if (session.selected) parts.push('selected');
  if (session.leased) parts.push('leased');
  return parts.join(' · ');
}
