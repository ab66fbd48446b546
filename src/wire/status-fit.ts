import { MAX_MESSAGE_BYTES } from './limits.js';
import type { Metadata, StatusReport, StatusSessionReport } from './messages.js';

/**
 * The longest `status` line sent, LF included. One byte under the frame cap:
 * the reference's Python client counts the LF against its 64 KiB buffer, so
 * a line of 65536 bytes plus LF would fail there.
 */
export const MAX_STATUS_LINE_BYTES = MAX_MESSAGE_BYTES;

/** How many code points of a metadata value a shortened `status` keeps (labels are already at most 128). */
export const STATUS_VALUE_CODE_POINTS = 256;

/** Encoded sizes in bytes, from the encoder (lines are ASCII, so length is bytes). */
export interface StatusSizes {
  /** The whole line, LF included. */
  line(status: StatusReport): number;
  /** One entry of `sessions`. */
  session(session: StatusSessionReport): number;
}

/**
 * A `status` that fits one frame however many sessions there are or however
 * long their metadata is (issue: one agent must not deny `status` to others).
 * Only called when the full reply does not fit. Metadata values are cut to
 * 256 code points (with `…`); then sessions are kept by priority — visible
 * ones by slot, then overflow ones most recently active first — while the
 * line still fits, and listed in the usual order. `overflow_count` stays the
 * true count, so a reader sees how many overflow sessions were left out; the
 * schema has no other member to say so.
 */
export function fitStatusReport(status: StatusReport, sizes: StatusSizes): StatusReport {
  const shortened = status.sessions.map(withShortMetadata);
  // Each session adds its encoded entry and a comma (none before the first, hence the start one below).
  const costs = shortened.map((session) => sizes.session(session) + 1);
  let total = sizes.line({ ...status, sessions: [] }) - 1;
  const kept = new Set<number>();
  for (const index of priorityOrder(shortened)) {
    if (total + costs[index]! > MAX_STATUS_LINE_BYTES) continue;
    total += costs[index]!;
    kept.add(index);
  }
  return { ...status, sessions: shortened.filter((_, index) => kept.has(index)) };
}

/** Indexes of the sessions, visible ones first (by slot), then overflow ones from the most recently active. */
function priorityOrder(sessions: readonly StatusSessionReport[]): number[] {
  const visible: number[] = [];
  const overflow: number[] = [];
  sessions.forEach((session, index) => (session.slot === null ? overflow : visible).push(index));
  // Status lists overflow sessions least recently active first (wire-protocol-1.md §7.5).
  return [...visible, ...overflow.reverse()];
}

function withShortMetadata(session: StatusSessionReport): StatusSessionReport {
  const entries = Object.entries(session.metadata);
  if (entries.every(([, value]) => value.length <= STATUS_VALUE_CODE_POINTS)) return session;
  const metadata: Metadata = Object.freeze(Object.fromEntries(entries.map(([key, value]) => [key, shorten(value)])));
  return { ...session, metadata };
}

function shorten(value: string): string {
  if (value.length <= STATUS_VALUE_CODE_POINTS) return value;
  const codePoints = Array.from(value.slice(0, 2 * STATUS_VALUE_CODE_POINTS + 2));
  return codePoints.length <= STATUS_VALUE_CODE_POINTS ? value : `${codePoints.slice(0, STATUS_VALUE_CODE_POINTS - 1).join('')}…`;
}
