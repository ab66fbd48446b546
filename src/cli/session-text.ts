import type { SessionReport } from '../client/index.js';

/**
 * Makes a daemon-supplied string safe for one terminal cell run: control
 * characters (C0, DEL, C1) become spaces, whitespace runs collapse, and the
 * result is cut to `limit` code points. Labels come from agents, so they may
 * hold escape sequences that must never reach the terminal.
 */
export function safeText(value: string | null | undefined, limit: number): string {
  if (typeof value !== 'string') return '-';
  const visible = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  const compact = visible.split(/\s+/u).filter((part) => part !== '').join(' ');
  const cut = [...compact].slice(0, limit).join('');
  return cut === '' ? '-' : cut;
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
